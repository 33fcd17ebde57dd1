// SPDX-License-Identifier: GPL-2.0
/*
 * regcore: rules from the signed firmware database, in the kernel.
 *
 * The regdb= module parameter chooses where a request's rules come from:
 *
 *   crda      (the default) a uevent; udev starts crda, which answers with
 *             NL80211_CMD_SET_REG (uevent.c, netlink.c)
 *   firmware  regulatory.db, read with the firmware loader and checked
 *             against regulatory.db.p7s here; nothing else
 *   auto      regulatory.db first; crda when the file is missing or
 *             refused, or does not have the country (as cfg80211 does)
 *
 * The file is read when a request first needs it and kept: every later
 * request is answered from memory. Its signature, a detached DER PKCS#7
 * in regulatory.db.p7s, is checked with the kernel's
 * verify_pkcs7_signature() against a keyring of regcore's own, filled at
 * load with the certificates of the source tree's keys/ (the ones crda
 * trusts, built into the module) and, for tests, one more certificate
 * named by the regdb_extra_cert parameter. The certificate inside the p7s
 * is never trusted for itself. The layout is then checked by regdb.c.
 *
 * A refused file (bad signature, malformed) is remembered: it is not read
 * again until NL80211_CMD_RELOAD_REGDB. A missing file is looked for again
 * by the next request, as the root file system may come after the module,
 * and so is one whose read or signature check ran out of memory.
 *
 * A domain from the file goes through regcore_regdom_validate(), as a
 * SET_REG answer does, and is installed by the same code
 * (regcore_set_regdom_locked()).
 *
 * Locking: the database in memory (regcore_db, its size and the error of
 * the last attempt) is protected by regcore_mutex. The keyring is made at
 * load and put at unload; the key subsystem locks its own contents.
 */
#define pr_fmt(fmt) "regcore: " fmt

#include <linux/firmware.h>
#include <linux/key.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/verification.h>
#include <crypto/sha2.h>
#include <keys/asymmetric-type.h>

#include "core.h"
#include "certs.h"

#define REGCORE_REGDB_FILE	"regulatory.db"
#define REGCORE_REGDB_SIG_FILE	"regulatory.db.p7s"

MODULE_FIRMWARE(REGCORE_REGDB_FILE);
MODULE_FIRMWARE(REGCORE_REGDB_SIG_FILE);

static const char * const regcore_source_names[] = {
	[REGCORE_SOURCE_CRDA] = "crda",
	[REGCORE_SOURCE_FIRMWARE] = "firmware",
	[REGCORE_SOURCE_AUTO] = "auto",
};

/* regdb=: read with READ_ONCE() once per request; a write changes only
 * the requests that follow.
 */
static int regcore_source = REGCORE_SOURCE_CRDA;

static int regcore_set_source(const char *val, const struct kernel_param *kp)
{
	int i = sysfs_match_string(regcore_source_names, val);

	if (i < 0) {
		/* without the newline a write through sysfs ends with */
		pr_warn("regdb=%.*s refused: must be crda, firmware or auto\n",
			(int)strcspn(val, "\n"), val);
		return -EINVAL;
	}
	WRITE_ONCE(regcore_source, i);
	return 0;
}

static int regcore_get_source(char *buf, const struct kernel_param *kp)
{
	return sysfs_emit(buf, "%s\n",
			  regcore_source_names[READ_ONCE(regcore_source)]);
}

static const struct kernel_param_ops regcore_source_ops = {
	.set = regcore_set_source,
	.get = regcore_get_source,
};
module_param_cb(regdb, &regcore_source_ops, &regcore_source, 0644);
MODULE_PARM_DESC(regdb,
		 "Where rules come from: crda (default: a uevent, udev and crda), firmware (regulatory.db, signature checked in the kernel), auto (regulatory.db, else crda)");

static char *regdb_extra_cert;
module_param(regdb_extra_cert, charp, 0444);
MODULE_PARM_DESC(regdb_extra_cert,
		 "Firmware file of one more X.509 certificate (DER) to trust for regulatory.db, read at load; for tests");

/**
 * regcore_rules_source() - where the next request's rules come from
 *
 * Return: enum regcore_source, as the regdb parameter says now.
 */
enum regcore_source regcore_rules_source(void)
{
	return READ_ONCE(regcore_source);
}

/**
 * regcore_source_name() - where requests are sent, in words, for the log
 *
 * Return: "userspace", "regulatory.db" or "regulatory.db, else userspace".
 */
const char *regcore_source_name(void)
{
	switch (regcore_rules_source()) {
	case REGCORE_SOURCE_FIRMWARE:
		return "regulatory.db";
	case REGCORE_SOURCE_AUTO:
		return "regulatory.db, else userspace";
	default:
		return "userspace";
	}
}

/* The keyring of trusted certificates; made at load, put at unload. */
static struct key *regcore_keyring;

/* The database in memory, or NULL with the error of the last attempt (0:
 * none yet). Under regcore_mutex.
 */
static u8 *regcore_db;
static size_t regcore_db_size;
static int regcore_db_err;
/* Where its rules come from, for the journal (NULL without memory). */
static struct regcore_origin *regcore_db_origin;

static int regcore_trust_cert(const u8 *der, size_t len, const char *what)
{
	key_ref_t key;

	key = key_create_or_update(make_key_ref(regcore_keyring, 1),
				   "asymmetric", NULL, der, len,
				   (KEY_POS_ALL & ~KEY_POS_SETATTR) |
				   KEY_USR_VIEW | KEY_USR_READ,
				   KEY_ALLOC_NOT_IN_QUOTA |
				   KEY_ALLOC_BUILT_IN |
				   KEY_ALLOC_BYPASS_RESTRICTION);
	if (IS_ERR(key)) {
		pr_err("cannot trust the certificate %s: %ld\n", what,
		       PTR_ERR(key));
		return PTR_ERR(key);
	}
	pr_debug("trusting %s for regulatory.db: %s\n", what,
		 key_ref_to_ptr(key)->description);
	key_ref_put(key);
	return 0;
}

static int regcore_trust_extra_cert(void)
{
	const struct firmware *fw;
	int err;

	err = request_firmware_direct(&fw, regdb_extra_cert,
				      regcore_uevent_dev());
	if (err) {
		pr_err("regdb_extra_cert=%s: cannot read it: %d\n",
		       regdb_extra_cert, err);
		return err;
	}
	err = regcore_trust_cert(fw->data, fw->size, regdb_extra_cert);
	release_firmware(fw);
	if (!err)
		pr_notice("regulatory.db signed by the certificate in %s is trusted too (regdb_extra_cert)\n",
			  regdb_extra_cert);
	return err;
}

/**
 * regcore_firmware_init() - the keyring of trusted certificates
 *
 * Made from the certificates built in (keys/) and regdb_extra_cert. Called
 * after the platform device exists (the firmware loader reads files for
 * it).
 *
 * Return: 0, or a negative errno (the module does not load).
 */
int regcore_firmware_init(void)
{
	unsigned int i;
	int err;

	regcore_keyring = keyring_alloc(".regcore_regdb_keys",
					GLOBAL_ROOT_UID, GLOBAL_ROOT_GID,
					current_cred(),
					(KEY_POS_ALL & ~KEY_POS_SETATTR) |
					KEY_USR_VIEW | KEY_USR_READ |
					KEY_USR_SEARCH,
					KEY_ALLOC_NOT_IN_QUOTA, NULL, NULL);
	if (IS_ERR(regcore_keyring)) {
		err = PTR_ERR(regcore_keyring);
		regcore_keyring = NULL;
		pr_err("cannot make the keyring for regulatory.db: %d\n", err);
		return err;
	}
	for (i = 0; i < ARRAY_SIZE(regcore_certs); i++) {
		err = regcore_trust_cert(regcore_certs[i].der,
					 regcore_certs[i].len,
					 regcore_certs[i].name);
		if (err)
			goto out;
	}
	if (regdb_extra_cert && *regdb_extra_cert) {
		err = regcore_trust_extra_cert();
		if (err)
			goto out;
	}
	regcore_db = NULL;
	regcore_db_size = 0;
	regcore_db_err = 0;
	return 0;
out:
	key_put(regcore_keyring);
	regcore_keyring = NULL;
	return err;
}

/**
 * regcore_firmware_exit() - forget the database and the keyring
 */
void regcore_firmware_exit(void)
{
	kvfree(regcore_db);
	regcore_db = NULL;
	regcore_origin_put(regcore_db_origin);
	regcore_db_origin = NULL;
	key_put(regcore_keyring);
	regcore_keyring = NULL;
}

/* Why verify_pkcs7_signature() said no, in words. */
static const char *regcore_sig_reason(int err)
{
	switch (err) {
	case -ENOKEY:
		return "signed by a certificate regcore does not trust";
	case -EKEYREJECTED:
		return "the signature does not match the file";
	case -EBADMSG:
		return "regulatory.db.p7s is not a PKCS#7 signature it can read";
	case -ENOPKG:
		return "the kernel lacks the signature's algorithm";
	case -ENOMEM:
		return "no memory to check the signature";
	default:
		return "the signature cannot be checked";
	}
}

/**
 * regcore_regdb_read() - read and check regulatory.db and its signature
 * @size: where the file's size goes
 * @why: where a line for the log goes: the reason when refused, what was
 *	read otherwise
 * @why_len: the size of @why
 *
 * Reads both files with the firmware loader, from the file system only
 * (request_firmware_direct(): the sysfs fallback would wait a minute for
 * userspace, under regcore_mutex when a request needs the file), checks
 * the signature against the keyring, then the layout. Sleeps; takes no
 * lock.
 *
 * Return: a copy of the file (kvfree() it) with *@size set, or an
 * ERR_PTR: -ENOENT when a file is missing, -EKEYREJECTED when the
 * signature is refused, -EINVAL when the layout is, -ENOMEM.
 */
static u8 *regcore_regdb_read(size_t *size, char *why, size_t why_len)
{
	const struct firmware *db, *sig;
	struct regcore_regdb_error fault;
	u8 *copy = NULL;
	int err;

	err = request_firmware_direct(&db, REGCORE_REGDB_FILE,
				      regcore_uevent_dev());
	if (err) {
		snprintf(why, why_len, "cannot read %s (%d)",
			 REGCORE_REGDB_FILE, err);
		return ERR_PTR(-ENOENT);
	}
	err = request_firmware_direct(&sig, REGCORE_REGDB_SIG_FILE,
				      regcore_uevent_dev());
	if (err == -ENOENT) {
		snprintf(why, why_len, "unsigned: cannot read %s (%d)",
			 REGCORE_REGDB_SIG_FILE, err);
		err = -EKEYREJECTED;
		goto out_db;
	} else if (err) {
		/* out of memory, say: not the file's fault, tried again */
		snprintf(why, why_len, "cannot read %s (%d)",
			 REGCORE_REGDB_SIG_FILE, err);
		err = -ENOENT;
		goto out_db;
	}
	err = verify_pkcs7_signature(db->data, db->size, sig->data, sig->size,
				     regcore_keyring,
				     VERIFYING_UNSPECIFIED_SIGNATURE, NULL,
				     NULL);
	release_firmware(sig);
	if (err) {
		snprintf(why, why_len, "%s (%d)", regcore_sig_reason(err),
			 err);
		if (err != -ENOMEM)
			err = -EKEYREJECTED;
		goto out_db;
	}
	err = regcore_regdb_check(db->data, db->size, &fault);
	if (err < 0) {
		snprintf(why, why_len, "malformed at offset %zu: %s",
			 fault.offset, fault.reason);
		err = -EINVAL;
		goto out_db;
	}
	copy = kvmalloc(db->size, GFP_KERNEL);
	if (!copy) {
		snprintf(why, why_len, "no memory for a copy of %zu bytes",
			 db->size);
		err = -ENOMEM;
		goto out_db;
	}
	memcpy(copy, db->data, db->size);
	*size = db->size;
	snprintf(why, why_len, "%d countries, %zu bytes, signature verified",
		 err, db->size);
	err = 0;
out_db:
	release_firmware(db);
	return err ? ERR_PTR(err) : copy;
}

/* Make @db (of @size bytes, or an error) the database in memory. */
static void regcore_regdb_keep(u8 *db, size_t size)
{
	u8 digest[SHA256_DIGEST_SIZE];

	lockdep_assert_held(&regcore_mutex);
	if (IS_ERR(db)) {
		regcore_db_err = PTR_ERR(db);
		return;
	}
	kvfree(regcore_db);
	regcore_db = db;
	regcore_db_size = size;
	regcore_db_err = 0;
	sha256(db, size, digest);
	regcore_origin_put(regcore_db_origin);
	regcore_db_origin = regcore_origin_new(REGCORE_REGDB_FILE " (the firmware loader's)",
					       "a certificate regcore.ko trusts (keys/, regdb_extra_cert)",
					       20, digest, GFP_KERNEL);
}

/**
 * regcore_regdb_origin() - where the firmware database's rules come from
 *
 * Context: regcore_mutex held.
 * Return: a new reference (drop it with regcore_origin_put()), or NULL.
 */
struct regcore_origin *regcore_regdb_origin(void)
{
	lockdep_assert_held(&regcore_mutex);
	return regcore_origin_get(regcore_db_origin);
}

/**
 * regcore_regdb_refusal_is_final() - is a failed read of the file kept?
 * @err: the error of the last attempt to read regulatory.db
 *
 * A file refused for what it is (its signature, its layout) is not read
 * again until a reload; after a missing file, or a read or a signature
 * check that ran out of memory, the next request tries again.
 *
 * Return: true when requests are to fail with @err without a new read.
 */
bool regcore_regdb_refusal_is_final(int err)
{
	return err == -EKEYREJECTED || err == -EINVAL;
}
EXPORT_SYMBOL_REGCORE_KUNIT(regcore_regdb_refusal_is_final);

/* The database in memory, read first unless the last attempt refused the
 * file for good.
 */
static int regcore_regdb_get(void)
{
	char why[128];
	size_t size = 0;
	u8 *db;

	lockdep_assert_held(&regcore_mutex);
	if (regcore_db)
		return 0;
	if (regcore_regdb_refusal_is_final(regcore_db_err))
		return regcore_db_err;
	db = regcore_regdb_read(&size, why, sizeof(why));
	if (IS_ERR(db))
		pr_warn_ratelimited("%s refused: %s\n", REGCORE_REGDB_FILE,
				    why);
	else
		pr_info("%s loaded: %s\n", REGCORE_REGDB_FILE, why);
	regcore_regdb_keep(db, size);
	return regcore_db_err;
}

/**
 * regcore_regdb_lookup() - a country's domain from the firmware database
 * @alpha2: the country, "00" for the world
 *
 * Reads the file first if need be. The domain is validated as a SET_REG
 * answer is.
 *
 * Context: regcore_mutex held; sleeps.
 * Return: the domain (ownership passes to the caller), or an ERR_PTR:
 * -ENOENT when the file is missing, -ENODATA when it lacks @alpha2,
 * -EKEYREJECTED or
 * -EINVAL when the file, or the country's domain, is refused, -ENOMEM.
 */
struct regcore_regdomain *regcore_regdb_lookup(const char *alpha2)
{
	struct regcore_regdb_error fault;
	struct regcore_regdomain *rd;
	int err;

	err = regcore_regdb_get();
	if (err)
		return ERR_PTR(err);
	rd = regcore_regdb_query(regcore_db, regcore_db_size, alpha2, &fault);
	if (IS_ERR(rd)) {
		if (PTR_ERR(rd) == -EINVAL)
			pr_warn_ratelimited("%s: %.2s: malformed at offset %zu: %s\n",
					    REGCORE_REGDB_FILE, alpha2,
					    fault.offset, fault.reason);
		else if (PTR_ERR(rd) == -ENODATA)
			pr_info_ratelimited("%s has no rules for %.2s\n",
					    REGCORE_REGDB_FILE, alpha2);
		return rd;
	}
	if (regcore_regdom_validate(rd, NULL)) {
		pr_warn_ratelimited("%s: the rules for %.2s are refused (see above)\n",
				    REGCORE_REGDB_FILE, alpha2);
		regcore_regdom_free(rd);
		return ERR_PTR(-EINVAL);
	}
	return rd;
}

/**
 * regcore_regdb_reload() - read regulatory.db again, for RELOAD_REGDB
 * @extack: where the reason of a refusal goes (may be NULL)
 *
 * Only with regdb=firmware or auto; with crda there is nothing to read.
 * The file is read and checked without the lock; a refused file leaves
 * the database in memory, and so the rules in force, as they were.
 *
 * Context: process context; takes regcore_mutex.
 * Return: 0 when the new file is in memory, a negative errno otherwise.
 */
int regcore_regdb_reload(struct netlink_ext_ack *extack)
{
	char why[128];
	size_t size = 0;
	u8 *db;

	db = regcore_regdb_read(&size, why, sizeof(why));
	if (IS_ERR(db)) {
		pr_warn("%s refused on reload: %s; the rules in force stay\n",
			REGCORE_REGDB_FILE, why);
		NL_SET_ERR_MSG_MOD(extack,
				   "regulatory.db refused; the rules in force stay (see the kernel log)");
		return PTR_ERR(db);
	}
	pr_info("%s reloaded: %s\n", REGCORE_REGDB_FILE, why);
	mutex_lock(&regcore_mutex);
	regcore_regdb_keep(db, size);
	mutex_unlock(&regcore_mutex);
	return 0;
}
