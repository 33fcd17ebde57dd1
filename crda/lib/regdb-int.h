/* SPDX-License-Identifier: GPL-2.0 */
/*
 * regdb-int.h - what the library's files share and nothing outside sees
 * (the fuzz targets and unit tests include it to reach the parsers below
 * the signature check).
 *
 * The flow: db.c reads a file, detects the format, has verify19.c or p7s.c
 * check the signature, then fmt19.c or fmt20.c validate every structure and
 * decode the countries into struct regdom. The compiler goes the other way:
 * dbtxt.c parses db.txt into struct regdb_src (the in-memory model of
 * dbparse.py), write.c turns the model into either format, decompile.c
 * turns a database back into text.
 */
#ifndef REGCORE_REGDB_INT_H
#define REGCORE_REGDB_INT_H

#include <stdarg.h>
#include <stdint.h>

#include <gcrypt.h>
#include <ksba.h>

#include "regdb.h"

#define RDB_MAGIC 0x52474442u	/* "RGDB" */

/* db.txt flag bits (dbparse.py numbering, stored as is in v19). */
enum {
	RDB_F_NO_OFDM = 1u << 0,
	RDB_F_NO_CCK = 1u << 1,
	RDB_F_NO_INDOOR = 1u << 2,
	RDB_F_NO_OUTDOOR = 1u << 3,
	RDB_F_DFS = 1u << 4,
	RDB_F_PTP_ONLY = 1u << 5,
	RDB_F_PTMP_ONLY = 1u << 6,
	RDB_F_NO_IR = 1u << 7,
	RDB_F_NO_IBSS_OLD = 1u << 8,	/* legacy files only: means NO-IR */
	RDB_F_NO_HT40 = 1u << 10,
	RDB_F_AUTO_BW = 1u << 11,
};
#define RDB_V19_KNOWN_FLAGS 0xdffu

/* v20 rule flags (net/wireless/reg.c enum fwdb_flags). */
enum {
	RDB_FW_NO_OFDM = 1u << 0,
	RDB_FW_NO_OUTDOOR = 1u << 1,
	RDB_FW_DFS = 1u << 2,
	RDB_FW_NO_IR = 1u << 3,
	RDB_FW_AUTO_BW = 1u << 4,
};
#define RDB_FW_KNOWN_FLAGS 0x1fu

/* ---- errors (error.c) ---- */

/* Set *err to "FILE: byte OFF: reason" and return -1. */
int rdb_err_at(char **err, const char *file, size_t off, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
/* Set *err to "FILE: reason" and return -1. */
int rdb_err(char **err, const char *file, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Set *err to "FILE: reason: strerror(errno)" and return -1. */
int rdb_err_sys(char **err, const char *file, const char *what);
char *rdb_asprintf(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));

/* ---- a growing byte buffer (buf.c) ---- */

struct rdb_buf {
	unsigned char *p;
	size_t len, cap;
	bool oom;	/* an append failed; the contents are incomplete */
};

void rdb_buf_put(struct rdb_buf *b, const void *data, size_t len);
void rdb_buf_be16(struct rdb_buf *b, uint32_t v);
void rdb_buf_be32(struct rdb_buf *b, uint32_t v);
void rdb_buf_printf(struct rdb_buf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void rdb_buf_set_be16(struct rdb_buf *b, size_t off, uint32_t v);
void rdb_buf_set_be32(struct rdb_buf *b, size_t off, uint32_t v);
/* Hand over the bytes (NUL-terminated, NUL not counted) or NULL on OOM. */
unsigned char *rdb_buf_take(struct rdb_buf *b, size_t *len);
void rdb_buf_free(struct rdb_buf *b);

static inline uint32_t rdb_be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	       (uint32_t)p[2] << 8 | p[3];
}

static inline uint16_t rdb_be16(const unsigned char *p)
{
	return (uint16_t)(p[0] << 8 | p[1]);
}

/* ---- structure checks shared by both formats (check.c) ---- */

/*
 * Which structure owns each byte of a file, to refuse overlaps: one byte
 * per file byte, 0 when free, else the owner's kind + 1, with bit 7 set on
 * the structure's first byte. A structure referenced twice (same offset,
 * same kind) is one structure; anything else that shares a byte with it is
 * refused.
 */
struct rdb_spans {
	unsigned char *map;
	size_t len;
	const char *file;
	const char *const *kind_names;
	char **err;
};

int rdb_spans_init(struct rdb_spans *s, size_t len, const char *file,
		   const char *const *kind_names, char **err);
/* Claim [off, off + len) for a structure of @kind; -1 (and *err) on overlap. */
int rdb_spans_add(struct rdb_spans *s, size_t off, size_t len, int kind);
void rdb_spans_free(struct rdb_spans *s);

/* Two upper-case letters, or "00". */
/* Check a decoded rule: frequencies, bandwidth (unless AUTO-BW). */
int rdb_rule_check(const struct regdom_rule *r, const char *file, size_t off,
		   char **err);

/* ---- the binary formats (fmt19.c, fmt20.c) ---- */

/*
 * v19: check the header and find the signature. On success *dblen is the
 * length of the signed part (the signature follows it).
 */
int rdb_v19_header(const char *file, const unsigned char *buf, size_t len,
		   size_t *dblen, char **err);
/* v19: validate the signed part and decode every country. */
int rdb_v19_parse(const char *file, const unsigned char *buf, size_t dblen,
		  struct regdom **countries, size_t *n, char **err);
/* v20: check magic and version. */
int rdb_v20_header(const char *file, const unsigned char *buf, size_t len,
		   char **err);
/* v20: validate the whole file and decode every country. */
int rdb_v20_parse(const char *file, const unsigned char *buf, size_t len,
		  struct regdom **countries, size_t *n, char **err);

void rdb_regdoms_free(struct regdom *v, size_t n);

/* Decode the country at @at into @rd (fmt19.c, fmt20.c). */
typedef int (*rdb_decode_country_fn)(const char *file,
				     const unsigned char *buf, size_t len,
				     size_t at, struct regdom *rd,
				     struct rdb_spans *spans, char **err);
/*
 * Decode a country table of @n entries @stride bytes apart from @table;
 * the countries must be sorted and unique. Frees @spans in any case.
 */
int rdb_decode_table(const char *file, const unsigned char *buf, size_t len,
		     size_t table, size_t n, size_t stride,
		     rdb_decode_country_fn decode, struct rdb_spans *spans,
		     struct regdom **countries, size_t *n_out, char **err);

/* ---- signatures (crypto.c, p7s.c) ---- */

void rdb_crypto_init(void);

/*
 * One trusted key. Keys read at run time are parsed when added; built-in
 * keys (checked by the tests) are parsed on first use, by rdb_tkey_load(),
 * so that opening a database parses only the certificate that signed it.
 */
struct rdb_tkey {
	char *name;
	unsigned char *der;	/* certificate or SubjectPublicKeyInfo */
	size_t derlen;
	bool is_cert;
	bool loaded;		/* pubkey and cert are set */
	gcry_sexp_t pubkey;	/* (public-key (rsa (n)(e))) */
	ksba_cert_t cert;	/* NULL for a bare public key */
	unsigned char fpr[32];	/* SHA-256 of the DER image */
};

/*
 * Parse a lazily added key into @k; 0 when it is usable. A trusted set
 * caches what it parses: do not share one between threads.
 */
int rdb_tkey_load(struct rdb_tkey *k);
/*
 * Add the keys of a PEM or DER blob as the built-in keys are added: kept
 * unparsed until first used (regdb_trust_add_mem() parses them at once).
 */
int rdb_trust_add_lazy(struct regdb_trust *t, const char *name,
		       const void *data, size_t len, char **err);
/* The smallest RSA modulus trusted, in bits. */
#define RDB_MIN_RSA_BITS 2048u
/*
 * The RSA key of a certificate; 0 on success, -2 for an RSA key of fewer
 * than RDB_MIN_RSA_BITS (*bits, if not NULL, says how many), -1 otherwise.
 */
int rdb_cert_pubkey(ksba_cert_t cert, gcry_sexp_t *out, unsigned int *bits);

struct regdb_trust {
	struct rdb_tkey *keys;
	size_t n, cap;
};

/*
 * Verify a v19 signature (RSA PKCS#1 v1.5 over SHA-1 of buf[0..dblen))
 * against every trusted key. On success *signer names the key.
 */
int rdb_verify_v19(struct regdb_trust *t, const char *file,
		   const unsigned char *buf, size_t dblen, size_t siglen,
		   const char **signer, char **err);
/*
 * Verify a detached PKCS#7 signature over data. The signer must be a
 * certificate of the trusted set (matched by issuer and serial number) and
 * the signature must verify with that certificate's key.
 */
int rdb_verify_p7s(struct regdb_trust *t, const char *file,
		   const char *sigfile, const unsigned char *data, size_t len,
		   const unsigned char *sig, size_t siglen,
		   const char **signer, char **err);

/* A signing key (keys.c). */
struct regdb_key {
	gcry_sexp_t priv;	/* (private-key (rsa ...)) */
	ksba_cert_t cert;	/* its certificate, NULL if none was given */
};

/* The hash function libksba is given: feeds the gcry_md_hd_t @arg. */
void rdb_ksba_hash_cb(void *arg, const void *data, size_t len);
/* RSA PKCS#1 v1.5 signature of a digest, as a canonical S-expression. */
int rdb_sign_digest(gcry_sexp_t priv, int algo, const unsigned char *dig,
		    unsigned char **canon, size_t *canonlen);
/* The RSA "s" value of a (sig-val (rsa (s ...))), or NULL. */
gcry_mpi_t rdb_sigval_s(gcry_sexp_t sigval);
/* "YYYYMMDDTHHMMSS" (UTC) now plus @add_days, or SOURCE_DATE_EPOCH. */
void rdb_isotime(char out[16], long long add_days);

/* A parsed p7s, to check it against data (the steps of rdb_verify_p7s). */
struct rdb_p7s {
	ksba_reader_t r;
	ksba_cms_t cms;
};

int rdb_p7s_parse(const char *sigfile, const unsigned char *sig,
		  size_t siglen, struct rdb_p7s *p, char **err);
int rdb_p7s_check(struct regdb_trust *t, struct rdb_p7s *p,
		  const char *file, const char *sigfile,
		  const unsigned char *data, size_t len,
		  const char **signer, char **err);
void rdb_p7s_free(struct rdb_p7s *p);

/* PEM: find the next block; *pos is advanced past it. 0 found, 1 none. */
int rdb_pem_next(const char *text, size_t len, size_t *pos, char *label,
		 size_t labelsz, unsigned char **der, size_t *derlen);
char *rdb_pem_encode(const char *label, const unsigned char *der,
		     size_t len);
/* Base64 decode, ignoring whitespace; -1 on bad input. */
int rdb_base64_decode(const char *in, size_t len, unsigned char **out,
		      size_t *outlen);

/* Keys built in from keys/ (generated at build time). */
struct rdb_blob {
	const char *name;
	const unsigned char *data;
	size_t len;
};
extern const struct rdb_blob rdb_builtin_keys[];
extern const size_t rdb_builtin_keys_count;

/* ---- the open database (db.c) ---- */

struct regdb {
	char *name;
	int version;
	char *signer;
	/* the signing certificate's subject key id (or serial), in hex as
	 * the kernel ends its key's name with it; its subject; "" for a
	 * bare key
	 */
	char signer_key_id[129];
	char signer_subject[256];
	unsigned char sha256[32];	/* of the file (zero if unverified) */
	struct regdom *countries;	/* sorted by alpha2 */
	size_t n;
};

/*
 * Open without a signature check: for the fuzz targets and tests of the
 * structural checks only. Never reachable from the public API.
 */
struct regdb *rdb_open_unverified(const char *name, const unsigned char *buf,
				  size_t len, char **err);

/* ---- the db.txt model (dbtxt.c) ---- */

#define RDB_NUM_WMM_AC 8	/* vo_c, vi_c, be_c, bk_c, vo_ap, ... bk_ap */

struct rdb_wmm {
	/* cw_min, cw_max, aifsn, cot, in the order the text gives them */
	uint32_t v[RDB_NUM_WMM_AC][4];
};

/* A Permission of dbparse.py: compared and sorted by every field. */
struct rdb_perm {
	double start, end, bw;	/* MHz */
	double gain, eirp;	/* dBi (always 0), dBm */
	uint32_t flags;		/* db.txt bits */
	int wmm;		/* index into regdb_src.wmms, or -1 */
	unsigned int line;
};

struct rdb_country {
	char alpha2[3];
	uint8_t dfs_region;
	unsigned int line;
	struct rdb_perm *perms;	/* sorted, unique */
	size_t n, cap;
};

/* A named WMM region ("wmmrule ETSI:") as it is being defined. */
struct rdb_wmm_region {
	char *name;
	char *ac_names[RDB_NUM_WMM_AC];
	uint32_t v[RDB_NUM_WMM_AC][4];
	unsigned int n_acs;
};

struct regdb_src {
	char *name;
	struct rdb_country *countries;	/* in order of first definition */
	size_t n, cap;
	struct rdb_wmm *wmms;		/* distinct WMM rules used */
	size_t n_wmms, cap_wmms;
	struct rdb_wmm_region *regions;
	size_t n_regions, cap_regions;
	char **warnings;
	size_t n_warnings, cap_warnings;
};

int rdb_perm_cmp(const struct regdb_src *src, const struct rdb_perm *a,
		 const struct rdb_perm *b);
int rdb_wmm_cmp(const struct rdb_wmm *a, const struct rdb_wmm *b);
/* Python's int(x): truncation toward zero, range-checked into *out. */
bool rdb_py_int(double x, int64_t min, int64_t max, int64_t *out);

/* db.txt flag names, in bit order. */
struct rdb_flag_name {
	const char *name;
	uint32_t bit;
};
extern const struct rdb_flag_name rdb_flag_names[];
extern const size_t rdb_flag_names_count;

/* nl80211 flags <-> db.txt bits */
uint32_t rdb_flags_txt_to_nl(uint32_t txt);
uint32_t rdb_flags_nl_to_txt(uint32_t nl);

#endif /* REGCORE_REGDB_INT_H */
