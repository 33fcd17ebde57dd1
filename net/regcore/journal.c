// SPDX-License-Identifier: GPL-2.0
/*
 * regcore: the decision journal.
 *
 * A ring of the last journal_size regulatory events: each hint received or
 * dropped, what its turn decided and why, each request for rules and how
 * it ended, each domain put in force (with where its rules came from) and
 * each restore. Entries are numbered from 1 without gaps; when the ring is
 * full the oldest is overwritten. Userspace reads them with
 * REGCORE_CMD_EXT / REGCORE_OP_JOURNAL (netlink.c), and each new entry is
 * multicast on the "journal" group.
 *
 * The journal only records: nothing in regcore reads it back to decide.
 *
 * Locking: regcore_journal_lock, a spinlock taken with interrupts off,
 * protects the ring and the next number. Nothing is taken under it and
 * nothing is allocated there: the text is formatted into the slot, and
 * the multicast copy is sent after the lock is dropped. The source an
 * entry carries is counted (kref): a reader copying an entry takes a
 * reference under the lock and drops it after, so an entry overwritten
 * meanwhile cannot free it under the reader.
 */
#define pr_fmt(fmt) "regcore: " fmt

#include <linux/ctype.h>
#include <linux/kref.h>
#include <linux/moduleparam.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/timekeeping.h>

#include "core.h"

#define REGCORE_JOURNAL_SIZE_MIN	16
#define REGCORE_JOURNAL_SIZE_MAX	65536

static unsigned int regcore_journal_size = 256;
module_param_named(journal_size, regcore_journal_size, uint, 0444);
MODULE_PARM_DESC(journal_size,
		 "Entries the decision journal keeps (16 to 65536, default 256)");

static DEFINE_SPINLOCK(regcore_journal_lock);
/* The ring, regcore_journal_size entries; entry N is at (N - 1) % size. */
static struct regcore_jentry *regcore_journal_ring;
/* The number the next entry gets; entries below it are in the ring back
 * to max(1, next - size).
 */
static u64 regcore_journal_next = 1;

static void regcore_origin_release(struct kref *ref)
{
	kfree(container_of(ref, struct regcore_origin, ref));
}

/**
 * regcore_origin_put() - drop a reference to where rules came from
 * @src: the source, or NULL
 */
void regcore_origin_put(struct regcore_origin *src)
{
	if (src)
		kref_put(&src->ref, regcore_origin_release);
}

/**
 * regcore_origin_get() - take a reference to where rules came from
 * @src: the source, or NULL
 *
 * Return: @src.
 */
struct regcore_origin *regcore_origin_get(struct regcore_origin *src)
{
	if (src)
		kref_get(&src->ref);
	return src;
}

/**
 * regcore_origin_new() - where rules came from, with one reference
 * @file: the database file, NUL-terminated; cut to fit
 * @signer: what verified it, or NULL; cut to fit
 * @version: the database format, 19 or 20, or 0 when unknown
 * @sha256: the file's SHA-256 (32 bytes), or NULL when unknown
 * @gfp: allocation flags
 *
 * Return: the source, or NULL when memory is short.
 */
struct regcore_origin *regcore_origin_new(const char *file, const char *signer,
					  u8 version, const u8 *sha256,
					  gfp_t gfp)
{
	struct regcore_origin *src = kzalloc(sizeof(*src), gfp);

	if (!src)
		return NULL;
	kref_init(&src->ref);
	strscpy(src->file, file, sizeof(src->file));
	if (signer)
		strscpy(src->signer, signer, sizeof(src->signer));
	src->version = version;
	if (sha256) {
		memcpy(src->sha256, sha256, sizeof(src->sha256));
		src->has_sha256 = true;
	}
	return src;
}

/**
 * regcore_journal_vadd() - make a journal entry
 * @note: what the entry is about; a source in it gets a reference of the
 *	  entry's own
 * @fmt: the entry in words, printf style
 * @args: its arguments
 *
 * The entry is multicast to the journal's listeners once it is made;
 * two writers at once may multicast their entries out of order.
 *
 * Context: any; takes regcore_journal_lock.
 */
void regcore_journal_vadd(const struct regcore_jnote *note, const char *fmt,
			  va_list args)
{
	struct regcore_origin *old = NULL;
	struct regcore_jentry copy;
	struct regcore_jentry *e;
	unsigned long flags;

	spin_lock_irqsave(&regcore_journal_lock, flags);
	if (!regcore_journal_ring) {
		spin_unlock_irqrestore(&regcore_journal_lock, flags);
		return;
	}
	e = &regcore_journal_ring[(regcore_journal_next - 1) %
				  regcore_journal_size];
	old = e->origin;
	memset(e, 0, sizeof(*e));
	e->seq = regcore_journal_next++;
	e->time_ns = ktime_get_real_ns();
	e->boottime_ns = ktime_get_boottime_ns();
	e->event = note->event;
	e->initiator = note->initiator;
	e->decision = note->decision;
	e->outcome = note->outcome;
	e->portid = note->portid;
	e->request = note->request;
	e->wiphy_idx = note->wiphy_idx;
	e->err = note->err < 0 ? -note->err : note->err;
	if (note->alpha2) {
		e->alpha2[0] = toupper(note->alpha2[0]);
		e->alpha2[1] = toupper(note->alpha2[1]);
	}
	vscnprintf(e->text, sizeof(e->text), fmt, args);
	e->origin = regcore_origin_get(note->origin);
	copy = *e;
	regcore_origin_get(copy.origin);
	spin_unlock_irqrestore(&regcore_journal_lock, flags);

	regcore_origin_put(old);
	regcore_nl_journal_notify(&copy);
	regcore_origin_put(copy.origin);
}

/**
 * regcore_journal_add() - make a journal entry
 * @note: what the entry is about
 * @fmt: the entry in words, printf style
 *
 * See regcore_journal_vadd().
 */
void regcore_journal_add(const struct regcore_jnote *note, const char *fmt,
			 ...)
{
	va_list args;

	va_start(args, fmt);
	regcore_journal_vadd(note, fmt, args);
	va_end(args);
}

/**
 * regcore_journal_last() - the number of the last entry made
 *
 * Return: that number, 0 before the first.
 */
u64 regcore_journal_last(void)
{
	unsigned long flags;
	u64 last;

	spin_lock_irqsave(&regcore_journal_lock, flags);
	last = regcore_journal_next - 1;
	spin_unlock_irqrestore(&regcore_journal_lock, flags);
	return last;
}

/**
 * regcore_journal_read() - copy the first entry from a number on
 * @seq: the lowest number wanted
 * @out: receives the entry; its source, if any, holds a reference the
 *	 caller drops with regcore_origin_put()
 *
 * Return: false when no entry numbered @seq or more is kept.
 */
bool regcore_journal_read(u64 seq, struct regcore_jentry *out)
{
	unsigned long flags;
	bool found = false;
	u64 oldest;

	spin_lock_irqsave(&regcore_journal_lock, flags);
	if (regcore_journal_ring) {
		oldest = regcore_journal_next > regcore_journal_size ?
			 regcore_journal_next - regcore_journal_size : 1;
		if (seq < oldest)
			seq = oldest;
		if (seq < regcore_journal_next) {
			*out = regcore_journal_ring[(seq - 1) %
						    regcore_journal_size];
			regcore_origin_get(out->origin);
			found = true;
		}
	}
	spin_unlock_irqrestore(&regcore_journal_lock, flags);
	return found;
}

/**
 * regcore_journal_init() - allocate the ring
 *
 * Return: 0, -EINVAL for a journal_size out of range (logged), -ENOMEM.
 */
int regcore_journal_init(void)
{
	struct regcore_jentry *ring;

	if (regcore_journal_size < REGCORE_JOURNAL_SIZE_MIN ||
	    regcore_journal_size > REGCORE_JOURNAL_SIZE_MAX) {
		pr_err("journal_size=%u: must be %u to %u\n",
		       regcore_journal_size, REGCORE_JOURNAL_SIZE_MIN,
		       REGCORE_JOURNAL_SIZE_MAX);
		return -EINVAL;
	}
	ring = kvcalloc(regcore_journal_size, sizeof(*ring), GFP_KERNEL);
	if (!ring)
		return -ENOMEM;
	spin_lock_irq(&regcore_journal_lock);
	regcore_journal_ring = ring;
	regcore_journal_next = 1;
	spin_unlock_irq(&regcore_journal_lock);
	return 0;
}

/**
 * regcore_journal_exit() - free the ring and the sources it holds
 *
 * Context: after every writer and reader has stopped.
 */
void regcore_journal_exit(void)
{
	struct regcore_jentry *ring;
	unsigned int i;

	spin_lock_irq(&regcore_journal_lock);
	ring = regcore_journal_ring;
	regcore_journal_ring = NULL;
	spin_unlock_irq(&regcore_journal_lock);
	if (!ring)
		return;
	for (i = 0; i < regcore_journal_size; i++)
		regcore_origin_put(ring[i].origin);
	kvfree(ring);
}
