/* SPDX-License-Identifier: GPL-2.0 */
/*
 * regdb.h - the regulatory database library: the only code in regcore that
 * reads or writes a database.
 *
 * Formats: regulatory.bin (version 19, RSA/SHA-1 signature appended),
 * regulatory.db (version 20, the kernel's firmware format, with a detached
 * PKCS#7 signature in regulatory.db.p7s) and the text source db.txt.
 *
 * Trust: a database is only ever handed out after its signature has been
 * checked against a trusted set (keys built in from keys/ plus a runtime
 * directory) and every structure in it has been validated. Nothing is
 * trusted because the file carries it: a certificate inside a p7s is ignored.
 *
 * Errors: every function that can fail takes `char **err`; on failure it
 * stores a malloc'd message there (free it with free()), of the form
 * "FILE: byte OFFSET: reason" when the problem is at a place in a file, and
 * "FILE: reason" otherwise. @err may be NULL.
 *
 * Units are those of struct regdom (regdom.h): kHz, mBi, mBm, ms, flags
 * NL80211_RRF_*.
 */
#ifndef REGCORE_REGDB_H
#define REGCORE_REGDB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "regdom.h"

/* The directory of extra trusted keys read by regdb_trust_default(). */
#define REGDB_DEFAULT_KEYDIR "/etc/wireless-regdb/pubkeys"

/*
 * The databases read when none is given, in the order regdb_default_path()
 * tries them, as one string literal with the literal @sep between the
 * paths (for help texts and messages; the library's list is made from it).
 */
#define REGDB_DEFAULT_DBS(sep) "/lib/firmware/regulatory.db" sep \
	"/usr/lib/crda/regulatory.bin" sep "/lib/crda/regulatory.bin"

struct regdb;		/* an open, verified, validated database */
struct regdb_trust;	/* a set of trusted keys and certificates */
struct regdb_src;	/* a parsed db.txt */
struct regdb_key;	/* a private key, with its certificate for v20 */

/* ---- the trusted set ---------------------------------------------------- */

/**
 * regdb_trust_new() - create a trusted set
 * @builtin: start with the keys built into the library (from keys/)
 * @err: error message on failure
 *
 * Return: the set, or NULL on failure. Free it with regdb_trust_free().
 */
struct regdb_trust *regdb_trust_new(bool builtin, char **err);

/**
 * regdb_trust_default() - the default trusted set
 * @err: error message on failure
 *
 * The built-in keys plus every key and certificate in
 * %REGDB_DEFAULT_KEYDIR, read as regdb_trust_add_dir() reads it (a missing
 * directory is not an error).
 *
 * Return: the set, or NULL on failure.
 */
struct regdb_trust *regdb_trust_default(char **err);

/**
 * regdb_trust_with_dir() - the built-in keys plus a key directory
 * @keydir: the directory, which must exist; NULL for %REGDB_DEFAULT_KEYDIR,
 *          which may be missing
 * @err: error message on failure
 *
 * The directory is read as regdb_trust_add_dir() reads it.
 *
 * Return: the set, or NULL on failure.
 */
struct regdb_trust *regdb_trust_with_dir(const char *keydir, char **err);

/**
 * regdb_set_log() - where the library's warnings go
 * @fn: called with one line (no newline) per warning; NULL restores the
 *      default, standard error
 * @arg: passed to @fn
 *
 * A warning is something skipped without failing, such as a file in a key
 * directory that is not a trusted key.
 */
void regdb_set_log(void (*fn)(void *arg, const char *msg), void *arg);

/**
 * regdb_trust_add_file() - trust the keys in one file
 * @t: the set
 * @path: a PEM file holding certificates ("CERTIFICATE") and/or RSA public
 *        keys ("PUBLIC KEY"), or one DER certificate; RSA keys of fewer
 *        than 2048 bits are refused
 * @err: error message on failure
 *
 * Return: the number of keys added (at least 1), or -1 on failure.
 */
int regdb_trust_add_file(struct regdb_trust *t, const char *path,
			 char **err);

/**
 * regdb_trust_add_mem() - trust the keys in a buffer
 * @t: the set
 * @name: the name used in messages and by regdb_trust_name()
 * @data: PEM text or one DER certificate
 * @len: bytes in @data
 * @err: error message on failure
 *
 * Return: the number of keys added (at least 1), or -1 on failure.
 */
int regdb_trust_add_mem(struct regdb_trust *t, const char *name,
			const void *data, size_t len, char **err);

/**
 * regdb_trust_add_dir() - trust every regular file in a directory
 * @t: the set
 * @dir: the directory; files are read in name order
 * @missing_ok: a directory that does not exist is not an error
 * @err: error message on failure
 *
 * A file that holds no usable key (a README, a private key, a damaged
 * PEM block, an RSA key of fewer than 2048 bits) or that is writable by
 * group or others is skipped with one line through regdb_set_log() naming
 * the file and the reason. A directory that holds files but not one
 * usable key is refused as a whole; an empty one adds nothing.
 *
 * Return: the number of keys added, or -1 on failure (the directory cannot
 * be read, or no file in it gave a key).
 */
int regdb_trust_add_dir(struct regdb_trust *t, const char *dir,
			bool missing_ok, char **err);

/**
 * regdb_trust_from_paths() - the trusted set a tool's options describe
 * @paths: files and directories to trust (e.g. from repeated --key)
 * @n: number of @paths
 * @defaults: also the built-in keys and a key directory
 * @keydir: that directory (it must exist), or NULL for
 *          %REGDB_DEFAULT_KEYDIR (which may be missing); unused without
 *          @defaults
 * @err: error message on failure
 *
 * Return: the set, or NULL on failure (also when it would be empty).
 */
struct regdb_trust *regdb_trust_from_paths(const char *const *paths,
					   size_t n, bool defaults,
					   const char *keydir, char **err);

/**
 * regdb_trust_count() - number of keys in a trusted set
 * @t: the set
 *
 * Return: the number of keys.
 */
size_t regdb_trust_count(const struct regdb_trust *t);

/**
 * regdb_trust_describe() - describe one trusted key
 * @t: the set
 * @i: index, below regdb_trust_count()
 * @fpr_hex: receives the SHA-256 fingerprint of the certificate's DER image
 *           (or of the SubjectPublicKeyInfo for a bare key), 64 lower-case
 *           hex digits and a NUL
 *
 * Return: the key's name ("builtin:FILE" or the path it was read from),
 * owned by the set; NULL if @i is out of range.
 */
const char *regdb_trust_describe(const struct regdb_trust *t, size_t i,
				 char fpr_hex[65]);

/**
 * regdb_trust_free() - free a trusted set
 * @t: the set, or NULL
 */
void regdb_trust_free(struct regdb_trust *t);

/* ---- reading a database ------------------------------------------------- */

/**
 * regdb_open() - open, verify and validate a database file
 * @path: regulatory.bin (v19) or regulatory.db (v20); the format is
 *        detected from the header. For v20 the signature is read from
 *        "@path.p7s".
 * @trust: the trusted set, or NULL for regdb_trust_default(); written to:
 *         the keys tried are parsed and kept in the set
 * @err: error message on failure
 *
 * The signature is checked before anything else in the file is used; then
 * every structure is validated. A file that fails either is refused.
 *
 * Built-in keys are parsed on first use and kept in @trust, so a set serves
 * many opens cheaply; it is changed by each, so one set must not be used
 * by two threads at once.
 *
 * Return: the database, or NULL on failure. Close it with regdb_close().
 */
struct regdb *regdb_open(const char *path, struct regdb_trust *trust,
			 char **err);

/**
 * regdb_open_sig() - regdb_open() with the signature file named
 * @path: the database file
 * @sig_path: for v20, the detached signature; NULL means "@path.p7s"
 *            (ignored for v19)
 * @trust: the trusted set, or NULL for regdb_trust_default(); written to:
 *         the keys tried are parsed and kept in the set
 * @err: error message on failure
 *
 * Return: the database, or NULL on failure.
 */
struct regdb *regdb_open_sig(const char *path, const char *sig_path,
			     struct regdb_trust *trust, char **err);

/**
 * regdb_open_mem() - open, verify and validate a database in memory
 * @name: the file name used in messages
 * @data: the database bytes (copied)
 * @len: bytes in @data
 * @sig: for v20 the DER PKCS#7 signature, NULL for v19 (appended signature)
 * @siglen: bytes in @sig
 * @trust: the trusted set, or NULL for regdb_trust_default(); written to:
 *         the keys tried are parsed and kept in the set
 * @err: error message on failure
 *
 * Return: the database, or NULL on failure.
 */
struct regdb *regdb_open_mem(const char *name, const void *data, size_t len,
			     const void *sig, size_t siglen,
			     struct regdb_trust *trust, char **err);

/**
 * regdb_close() - free a database
 * @db: the database, or NULL
 */
void regdb_close(struct regdb *db);

/**
 * regdb_version() - format version of an open database
 * @db: the database
 *
 * Return: 19 (regulatory.bin) or 20 (regulatory.db).
 */
int regdb_version(const struct regdb *db);

/**
 * regdb_signer() - the trusted key that verified the database
 * @db: the database
 *
 * Return: its name as given by regdb_trust_describe(), owned by @db.
 */
const char *regdb_signer(const struct regdb *db);

/**
 * regdb_signer_key_id() - how the kernel would name the signing key
 * @db: an open database
 *
 * The kernel names an X.509 key "SUBJECT: ID", ID the certificate's
 * subject key identifier in lower-case hex, or its serial number when it
 * has none (crypto/asymmetric_keys/x509_public_key.c).
 *
 * Return: that ID of the certificate that verified @db, or NULL when a
 * bare public key did.
 */
const char *regdb_signer_key_id(const struct regdb *db);

/**
 * regdb_signer_subject() - the subject of the signing certificate
 * @db: an open database
 *
 * Return: its distinguished name as RFC 2253 text ("CN=sforshee"), or
 * NULL when a bare public key verified @db.
 */
const char *regdb_signer_subject(const struct regdb *db);

/**
 * regdb_sha256() - the SHA-256 of the database file as it was verified
 * @db: the database (one this API opened: always verified)
 *
 * Return: 32 bytes, owned by @db.
 */
const unsigned char *regdb_sha256(const struct regdb *db);

/**
 * regdb_country_count() - number of countries in a database
 * @db: the database
 *
 * Return: the count; countries are indexed in alpha2 order.
 */
size_t regdb_country_count(const struct regdb *db);

/**
 * regdb_country_at() - one country by index, for iteration
 * @db: the database
 * @idx: index, below regdb_country_count()
 *
 * Return: a malloc'd copy of the country's domain (free with regdom_free()),
 * or NULL if @idx is out of range or memory ran out.
 */
struct regdom *regdb_country_at(const struct regdb *db, size_t idx);

/**
 * regdb_country() - one country by index, without copying it
 * @db: the database
 * @idx: index, below regdb_country_count()
 *
 * Return: the domain owned by @db (valid until regdb_close()), or NULL.
 */
const struct regdom *regdb_country(const struct regdb *db, size_t idx);

/**
 * regdb_lookup() - find one country (binary search)
 * @db: the database
 * @alpha2: two upper-case letters, e.g. "DE", or "00" (the world domain):
 *          regdom_alpha2_valid(); anything else (lower case too) is
 *          refused, as crda and regctl refuse it
 * @err: error message when @alpha2 is refused ("bad country 'de': two
 *       upper-case letters or 00") or absent
 *
 * Return: a malloc'd domain (free with regdom_free()), or NULL.
 */
struct regdom *regdb_lookup(const struct regdb *db, const char *alpha2,
			    char **err);

/**
 * regdb_find() - find one country without copying it
 * @db: the database
 * @alpha2: as for regdb_lookup()
 *
 * Return: the domain owned by @db (valid until regdb_close()), or NULL.
 */
const struct regdom *regdb_find(const struct regdb *db, const char *alpha2);

/**
 * regdb_default_path() - the database crda uses when none is given
 *
 * The first file that exists of REGDB_DEFAULT_DBS().
 *
 * Return: the path (static), or NULL if none exists.
 */
const char *regdb_default_path(void);

/* ---- domains ------------------------------------------------------------ */

/**
 * regdom_dup() - deep copy of a domain
 * @rd: the domain
 *
 * Return: a malloc'd copy (free with regdom_free()), or NULL.
 */
struct regdom *regdom_dup(const struct regdom *rd);

/**
 * regdom_free() - free a domain returned by this library
 * @rd: the domain, or NULL
 */
void regdom_free(struct regdom *rd);

/**
 * regdom_print() - print a domain as the legacy crda regdbdump does
 * @f: the stream
 * @rd: the domain
 *
 * "country DE: DFS-ETSI", then one tab-indented line per rule
 * "(start - end @ bw), (eirp), (cac), FLAGS" in MHz, dBm and ms, then an
 * empty line.
 */
void regdom_print(FILE *f, const struct regdom *rd);

/*
 * Room for the longest text regdom_rule_text() writes: three frequencies
 * and a power of at most 11 characters each (44), a CAC time of at most
 * 10, the other characters (16) and the 9 flag words with their commas
 * (82) come to 152, and the NUL.
 */
#define REGDOM_RULE_TEXT_MAX 192

/**
 * regdom_rule_text() - one rule as regdbdump's text writes it
 * @buf: receives the text, NUL-terminated, without the leading tab and
 *       the newline regdom_print() adds
 * @r: the rule
 *
 * "(start - end @ bw), (eirp), (cac)" in MHz, dBm and ms, then ", FLAG"
 * for each flag word (NO-OFDM, DFS, NO-IR, AUTO-BW, ...). The antenna gain
 * and the WMM limits are not part of it, as they are not in regdbdump's.
 *
 * Return: the length of the text.
 */
size_t regdom_rule_text(char buf[REGDOM_RULE_TEXT_MAX],
			const struct regdom_rule *r);

/**
 * regdom_flag_names() - the flag words of a rule's flags
 * @flags: NL80211_RRF_* bits
 * @names: receives up to @max static strings, in regdom_rule_text()'s order
 * @max: room in @names (9 is always enough)
 *
 * Return: the number of names stored.
 */
size_t regdom_flag_names(uint32_t flags, const char **names, size_t max);

/**
 * regdb_dump() - print every country as legacy crda's regdbdump does
 * @db: the database
 * @out: where the countries go (regdom_print())
 * @diag: where "country XX: invalid" goes for a country legacy regdbdump
 *        would skip (see regdom_legacy_valid()); may be NULL
 *
 * Return: 0, or -1 if writing to @out failed.
 */
int regdb_dump(const struct regdb *db, FILE *out, FILE *diag);

/**
 * regdom_legacy_valid() - would legacy regdbdump print this domain?
 * @rd: the domain
 *
 * Legacy crda skips (with "country XX: invalid" on stderr) a domain
 * without rules or with a rule whose bandwidth exceeds its range.
 *
 * Return: true if it would print it.
 */
bool regdom_legacy_valid(const struct regdom *rd);

/* ---- comparing domains --------------------------------------------------- */

/* How one rule differs between two domains (the order sorts a range's). */
enum regdom_rule_diff {
	REGDOM_RULE_REMOVED,	/* only in the old domain */
	REGDOM_RULE_CHANGED,	/* the same range, other values */
	REGDOM_RULE_ADDED,	/* only in the new domain */
};

struct regdom_rule_change {
	enum regdom_rule_diff change;
	const struct regdom_rule *old;	/* NULL when added */
	const struct regdom_rule *new;	/* NULL when removed */
};

/*
 * What of a rule two databases can both hold, and so what is compared:
 * everything between files of one format; between a version 19 and a
 * version 20 file not the WMM limits and CAC times (version 19 has
 * none), nor the antenna gain (version 20 has none), and only the five
 * flags version 20 holds (NO-OFDM, NO-OUTDOOR, DFS, NO-IR, AUTO-BW).
 */
struct regdom_cmp {
	bool wmm;		/* WMM limits */
	bool cac;		/* DFS CAC times */
	bool gain;		/* antenna gains */
	uint32_t flags;		/* the NL80211_RRF_* bits compared */
};

/**
 * regdom_cmp_for() - what two databases' rules can be compared on
 * @cmp: receives it
 * @old_version: 19 or 20
 * @new_version: 19 or 20
 */
void regdom_cmp_for(struct regdom_cmp *cmp, int old_version, int new_version);

/**
 * regdom_rule_same() - are two rules the same, on what @cmp compares?
 * @a: one rule
 * @b: the other
 * @cmp: what to compare (the range, bandwidth and EIRP always)
 *
 * Return: true if nothing compared differs.
 */
bool regdom_rule_same(const struct regdom_rule *a, const struct regdom_rule *b,
		      const struct regdom_cmp *cmp);

/**
 * regdom_diff() - the rules that differ between two domains
 * @old: the old domain, or NULL (a country added)
 * @new: the new domain, or NULL (a country removed)
 * @cmp: what is compared (regdom_cmp_for())
 * @out: receives a malloc'd array of the differences (free()), which
 *       points into @old and @new; in frequency order, at one range the
 *       removed rule before the changed one before the added one, equals
 *       in the order of their domain
 * @n: receives its length
 *
 * A rule of @old with an equal rule in @new (every stored value, wherever
 * it stands in the list) is the same; then a rule left over in each with
 * the same start and end is one changed rule; the others were removed or
 * added. The DFS region is the caller's to compare.
 *
 * Return: the number of rules the same in both, or -1 when memory ran out.
 */
int regdom_diff(const struct regdom *old, const struct regdom *new,
		const struct regdom_cmp *cmp, struct regdom_rule_change **out,
		size_t *n);

/**
 * regdom_wmm_equal() - do two rules carry the same WMM limits?
 * @a: one rule
 * @b: the other
 *
 * Return: true if neither has any, or both have the same values.
 */
bool regdom_wmm_equal(const struct regdom_rule *a, const struct regdom_rule *b);

/* ---- db.txt ------------------------------------------------------------- */

/**
 * regdb_src_parse() - parse db.txt text
 * @name: the file name used in messages
 * @text: the text (need not be NUL-terminated)
 * @len: bytes in @text
 * @err: error message on failure ("FILE: line N: reason")
 *
 * The grammar and the meaning are those of wireless-regdb's dbparse.py.
 *
 * Return: the parsed source, or NULL on failure. Free with regdb_src_free().
 */
struct regdb_src *regdb_src_parse(const char *name, const char *text,
				  size_t len, char **err);

/**
 * regdb_src_load() - read and parse a db.txt file
 * @path: the file
 * @err: error message on failure
 *
 * Return: the parsed source, or NULL on failure.
 */
struct regdb_src *regdb_src_load(const char *path, char **err);

/**
 * regdb_src_free() - free a parsed source
 * @src: the source, or NULL
 */
void regdb_src_free(struct regdb_src *src);

/**
 * regdb_src_warnings() - the parser's warnings
 * @src: the source
 * @n: receives the number of warnings
 *
 * Return: the warnings ("FILE: line N: text"), owned by @src.
 */
const char *const *regdb_src_warnings(const struct regdb_src *src,
				      size_t *n);

/**
 * regdb_compile() - generate a binary database from a parsed source
 * @src: the source
 * @version: 19 (regulatory.bin, unsigned: signature length 0) or 20
 *           (regulatory.db)
 * @out: receives the malloc'd bytes
 * @outlen: receives their number
 * @err: error message on failure
 *
 * The bytes are identical to those of wireless-regdb's db2bin.py and
 * db2fw.py for the same db.txt: same ordering, same de-duplication.
 *
 * Return: 0, or -1 on failure.
 */
int regdb_compile(const struct regdb_src *src, int version,
		  unsigned char **out, size_t *outlen, char **err);

/**
 * regdb_decompile() - write a database back as db.txt
 * @db: the database
 * @err: error message on failure (e.g. data db.txt cannot express)
 *
 * Compiling the text again gives the same database.
 *
 * Return: the malloc'd NUL-terminated text, or NULL on failure.
 */
char *regdb_decompile(const struct regdb *db, char **err);

/**
 * regdb_src_equal() - compare two sources by meaning
 * @a: one source
 * @b: the other
 * @why: receives a malloc'd description of the first difference, or NULL
 *
 * Countries, DFS regions and rules compared in the units the binary
 * formats store (kHz, mBm, flags, WMM values); names, comments and layout
 * are ignored.
 *
 * Return: true if they mean the same database.
 */
bool regdb_src_equal(const struct regdb_src *a, const struct regdb_src *b,
		     char **why);

/**
 * regdb_lint() - check db.txt for mistakes the compiler accepts
 * @name: the file name used in messages
 * @text: the text
 * @len: bytes in @text
 * @report: called once per finding with "FILE: line N: text"
 * @arg: passed to @report
 *
 * Reports parse errors and warnings, unsorted or duplicate countries,
 * overlapping rules, a bandwidth wider than its range (AUTO-BW or not),
 * unknown flags and implausible units.
 *
 * Return: the number of findings.
 */
unsigned int regdb_lint(const char *name, const char *text, size_t len,
			void (*report)(void *arg, const char *msg), void *arg);

/* ---- keys and signing ----------------------------------------------------- */

/**
 * regdb_genkey() - generate an RSA key pair and a self-signed certificate
 * @bits: modulus size (2048 to 8192)
 * @cn: the certificate's common name (subject and issuer)
 * @days: validity of the certificate
 * @priv: receives the private key file text (libgcrypt S-expression)
 * @pub_pem: receives the public key as PEM "PUBLIC KEY" (for v19)
 * @cert_pem: receives the certificate as PEM "CERTIFICATE" (for v20)
 * @err: error message on failure
 *
 * Return: 0, or -1 on failure; the three strings are malloc'd.
 */
int regdb_genkey(unsigned int bits, const char *cn, unsigned int days,
		 char **priv, char **pub_pem, char **cert_pem, char **err);

/**
 * regdb_key_load() - load a private key for signing
 * @key_path: the private key file written by regdb_genkey()
 * @cert_path: its certificate (PEM or DER), needed for v20; may be NULL
 * @err: error message on failure
 *
 * Return: the key, or NULL on failure. Free with regdb_key_free().
 */
struct regdb_key *regdb_key_load(const char *key_path, const char *cert_path,
				 char **err);

/**
 * regdb_key_free() - free a private key
 * @k: the key, or NULL
 */
void regdb_key_free(struct regdb_key *k);

/**
 * regdb_sign_v19() - sign a regulatory.bin
 * @k: the key
 * @db: the database, signed or not (an old signature is replaced)
 * @len: bytes in @db
 * @out: receives the malloc'd signed file
 * @outlen: receives its size
 * @err: error message on failure
 *
 * Sets the header's signature length and appends the RSA PKCS#1 v1.5
 * signature over the SHA-1 of everything before it.
 *
 * Return: 0, or -1 on failure.
 */
int regdb_sign_v19(const struct regdb_key *k, const unsigned char *db,
		   size_t len, unsigned char **out, size_t *outlen,
		   char **err);

/**
 * regdb_sign_p7s() - make the detached signature of a regulatory.db
 * @k: the key, loaded with its certificate
 * @db: the database
 * @len: bytes in @db
 * @out: receives the malloc'd DER PKCS#7 SignedData
 * @outlen: receives its size
 * @err: error message on failure
 *
 * RSA with SHA-256, signed attributes (content type, signing time, message
 * digest), the signer's certificate included.
 *
 * Return: 0, or -1 on failure.
 */
int regdb_sign_p7s(const struct regdb_key *k, const unsigned char *db,
		   size_t len, unsigned char **out, size_t *outlen,
		   char **err);

/* ---- files -------------------------------------------------------------- */

/**
 * regdb_read_file() - read a whole file
 * @path: the file
 * @data: receives the malloc'd bytes (NUL-terminated, the NUL not counted)
 * @len: receives their number
 * @err: error message on failure
 *
 * Return: 0, or -1 on failure.
 */
int regdb_read_file(const char *path, unsigned char **data, size_t *len,
		    char **err);

/**
 * regdb_write_file() - write a whole file safely
 * @path: the file
 * @data: the bytes
 * @len: their number
 * @mode: permissions of a new file (0600 for private keys)
 * @force: replace an existing file; without it an existing file is an error
 * @err: error message on failure
 *
 * The data goes to a temporary file in the same directory that is renamed
 * over @path, so a reader never sees half a file.
 *
 * Return: 0, or -1 on failure.
 */
int regdb_write_file(const char *path, const void *data, size_t len,
		     unsigned int mode, bool force, char **err);

#endif /* REGCORE_REGDB_H */
