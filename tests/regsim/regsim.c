// SPDX-License-Identifier: GPL-2.0
/*
 * regsim: simulated radios for testing regcore.
 *
 * Each radio has the channels of this kernel's mac80211_hwsim (2.4 GHz
 * channels 1-14, hwsim's 5 GHz list, 6 GHz channels 1-233, the S1G band's
 * 902.5 to 927.5 MHz every 500 kHz) and the same HT/VHT capabilities,
 * so one scenario can run on regcore (regsim) and on cfg80211
 * (mac80211_hwsim) and the channel tables be compared. The
 * regtest parameter reproduces hwsim's regtest scenarios with the same
 * numbers, countries and custom domains; with ieignore=1 the radios of the
 * radios parameter ignore country elements (REGCORE_REG_COUNTRY_IE_IGNORE).
 *
 * Controls for tests, under /sys/module/regsim/parameters/:
 *   hint        write "N XX": radio N's driver calls regulatory_hint(XX);
 *               the write fails with the call's error. Radios are
 *               numbered from 0: those of the radios parameter, then the
 *               spares (below), in order
 *   country_ie  write "N XXE": radio N saw a country element for XX with
 *               environment E (I, O or a space; default space)
 *   last_request  read: what each radio's reg_notifier was told last,
 *               "INITIATOR:ALPHA2:ENVIRONMENT" (core, user, driver or
 *               country_ie; any, indoor or outdoor: the country element's
 *               environment), or "none", spares last
 *   notified    read: how often each radio's reg_notifier ran, spares
 *               last
 *   misuse      write anything: call the API wrongly in every way we know
 *               and check each call is refused with -EINVAL; the write
 *               fails with -EIO if one was not
 *   freq_rule   write "N KHZ": radio N asks regcore_freq_reg_info() for
 *               the rule of the channel centred at KHZ; read: the answer,
 *               "START END MAX_BW GAIN EIRP FLAGS" (kHz, mBi, mBm, hex)
 *               or "error ERRNO"
 *   register_race  write "ROUNDS": each round, two threads register one
 *               fresh radio at the same time; the write fails with -EIO
 *               if both registrations of a round succeeded
 *   beacon      write "N FREQ": radio N's driver heard an access point's
 *               beacon on its channel at FREQ MHz, with up to three
 *               decimals for a sub-GHz channel's kHz offset (912.5)
 *               (regcore_beacon_hint(), called with bottom halves off and
 *               GFP_ATOMIC, as from a driver's receive path); the write
 *               fails with the call's error, or -EINVAL when the radio has
 *               no such channel
 *   spare       write "add [custom] [strict] [ieignore] [nobeacon]
 *               [beaconnotify] [selfmanaged] [notifybydriver] [cellbase]
 *               [relax] [XX]":
 *               register one more radio (hwsim's first custom domain,
 *               strict, ignoring country elements,
 *               REGCORE_REG_DISABLE_BEACON_HINTS,
 *               REGCORE_REG_CHANNEL_CHANGE_ON_BEACON,
 *               REGCORE_REG_WIPHY_SELF_MANAGED,
 *               REGCORE_REG_NOTIFY_REGDOM_BY_DRIVER,
 *               REGCORE_REG_CELL_BASE_HINTS,
 *               REGCORE_REG_ENABLE_RELAX_NO_IR, a driver hint for XX or,
 *               self-managed, its firmware's domain for XX given before
 *               registration). A self-managed radio's notifier answers
 *               each user hint with its firmware's domain for the
 *               country (regcore_set_wiphy_regd_sync()); its firmware
 *               gives rules of its own for AU, hwsim's second custom
 *               domain's for any other country, DFS region ETSI. "del":
 *               unregister the newest one. Up to 16.
 *               The write fails with the error of the step that failed,
 *               after undoing the others (for fault injection).
 *   self_regd   write "N XX [sync]": self-managed radio N's firmware
 *               gives its domain for XX: regcore_set_wiphy_regd(), or
 *               with sync regcore_set_wiphy_regd_sync() under
 *               regcore_wiphy_lock(); the write fails with the call's
 *               error
 *   disconnect  write "N": radio N's stations disconnected
 *               (regcore_hint_disconnect()); the write fails with the
 *               call's error
 *   can_beacon  write "N FREQ IFTYPE [locked]": may radio N start an
 *               interface of type IFTYPE (enum nl80211_iftype, a number)
 *               beaconing on its channel at FREQ MHz? With "locked" the
 *               driver asks under regcore_wiphy_lock(). The write fails
 *               with -EINVAL when the radio has no such channel. Read:
 *               the answers of regcore_reg_can_beacon() and
 *               regcore_reg_can_beacon_relax(), "yes" or "no" each, e.g.
 *               "no yes"
 *   start       write "N FREQ IFTYPE": radio N's one interface, of type
 *               IFTYPE, starts on its channel at FREQ MHz, if allowed
 *               (-EPERM if not): a station or P2P client where the
 *               channel is enabled, others where
 *               regcore_reg_can_beacon_relax() allows them; "N stop"
 *               stops it. When regcore asks the driver to check
 *               (check_channels), an interface no longer allowed is
 *               stopped, with a log line "rphyN: leaving FREQ MHz
 *               (interface type IFTYPE): no longer allowed"; for a
 *               station, regsim then reports the disconnect from there,
 *               under regcore's lock, which regcore refuses ("rphyN:
 *               disconnect reported from check_channels: -35"). Read:
 *               "FREQ:IFTYPE" or "none" for each radio, spares last.
 *               An access point's channel counts as in use for regcore's
 *               DFS (dfs_chan_in_use)
 *   radar       write "N FREQ [WIDTH CENTER]": radio N heard radar on its
 *               channel at FREQ MHz, used at WIDTH MHz (20, 40, 80, 160;
 *               default 20) around CENTER MHz (default FREQ):
 *               regcore_radar_event(); the write fails with its error
 *   cac         write "N EVENT FREQ [WIDTH CENTER]": radio N's channel
 *               availability check there started, finished or aborted
 *               (EVENT start, finish or abort): regcore_cac_event(); the
 *               write fails with its error. When regcore ends a check
 *               (end_cac), regsim logs "rphyN: CAC ended by regcore"
 */
#define pr_fmt(fmt) "regsim: " fmt

#include <linux/bottom_half.h>
#include <linux/completion.h>
#include <linux/ctype.h>
#include <linux/ieee80211.h>
#include <linux/kernel.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <net/regcore.h>

#include "compat.h"

/* The scenarios of mac80211_hwsim's regtest parameter, same numbers. */
enum regsim_regtest {
	REGSIM_REGTEST_DISABLED = 0,
	REGSIM_REGTEST_DRIVER_REG_FOLLOW = 1,
	REGSIM_REGTEST_DRIVER_REG_ALL = 2,
	REGSIM_REGTEST_DIFF_COUNTRY = 3,
	REGSIM_REGTEST_WORLD_ROAM = 4,
	REGSIM_REGTEST_CUSTOM_WORLD = 5,
	REGSIM_REGTEST_CUSTOM_WORLD_2 = 6,
	REGSIM_REGTEST_STRICT_FOLLOW = 7,
	REGSIM_REGTEST_STRICT_ALL = 8,
	REGSIM_REGTEST_STRICT_AND_DRIVER_REG = 9,
	REGSIM_REGTEST_ALL = 10,
};

static int radios = 2;
module_param(radios, int, 0444);
MODULE_PARM_DESC(radios, "Number of simulated radios (1-16, default 2)");

static bool ieignore;
module_param(ieignore, bool, 0444);
MODULE_PARM_DESC(ieignore, "The radios of the radios parameter ignore country elements");

static int regtest = REGSIM_REGTEST_DISABLED;
module_param(regtest, int, 0444);
MODULE_PARM_DESC(regtest, "mac80211_hwsim regtest scenario to reproduce (0-10)");

/* The countries hwsim's scenarios use, in its order. */
static const char * const regsim_alpha2s[] = { "FI", "AL", "US", "DE", "JP", "AL" };

/* hwsim's custom world domains. */
static const struct regcore_regdomain regsim_custom_01 = {
	.n_reg_rules = 5,
	.alpha2 = "99",
	.reg_rules = {
		REGCORE_RULE(2412 - 10, 2462 + 10, 40, 0, 20, 0),
		REGCORE_RULE(2484 - 10, 2484 + 10, 40, 0, 20, 0),
		REGCORE_RULE(5150 - 10, 5240 + 10, 40, 0, 30, 0),
		REGCORE_RULE(5745 - 10, 5825 + 10, 40, 0, 30, 0),
		REGCORE_RULE(5855 - 10, 5925 + 10, 40, 0, 33, 0),
	}
};

static const struct regcore_regdomain regsim_custom_02 = {
	.n_reg_rules = 3,
	.alpha2 = "99",
	.reg_rules = {
		REGCORE_RULE(2412 - 10, 2462 + 10, 40, 0, 20, 0),
		REGCORE_RULE(5725 - 10, 5850 + 10, 40, 0, 30, NL80211_RRF_NO_IR),
		REGCORE_RULE(5855 - 10, 5925 + 10, 40, 0, 33, 0),
	}
};

/* hwsim's third one: custom_01 plus all of 6 GHz at up to 320 MHz. */
static const struct regcore_regdomain regsim_custom_03 = {
	.n_reg_rules = 6,
	.alpha2 = "99",
	.reg_rules = {
		REGCORE_RULE(2412 - 10, 2462 + 10, 40, 0, 20, 0),
		REGCORE_RULE(2484 - 10, 2484 + 10, 40, 0, 20, 0),
		REGCORE_RULE(5150 - 10, 5240 + 10, 40, 0, 30, 0),
		REGCORE_RULE(5745 - 10, 5825 + 10, 40, 0, 30, 0),
		REGCORE_RULE(5855 - 10, 5925 + 10, 40, 0, 33, 0),
		REGCORE_RULE(5955 - 10, 7125 + 10, 320, 0, 33, 0),
	}
};

/* The custom world domain of regtest 5 and 6 on this kernel (compat.h). */
static const struct regcore_regdomain *regsim_custom_world(void)
{
	return REGCORE_HWSIM_CUSTOM_WORLD_6GHZ ? &regsim_custom_03 :
						 &regsim_custom_01;
}

/* hwsim's 5 GHz channel list (MHz). */
static const u16 regsim_freqs_5ghz[] = {
	5180, 5200, 5220, 5240, 5260, 5280, 5300, 5320,
	5500, 5520, 5540, 5560, 5580, 5600, 5620, 5640, 5660, 5680, 5700,
	5745, 5765, 5785, 5805, 5825, 5845,
	5855, 5860, 5865, 5870,
	5875, 5880, 5885, 5890, 5895, 5900, 5905,
	5910, 5915, 5920, 5925,
};

#define REGSIM_N_2GHZ	14
#define REGSIM_N_5GHZ	ARRAY_SIZE(regsim_freqs_5ghz)
#define REGSIM_N_6GHZ	59	/* 5955 to 7115 MHz, 20 MHz apart */
#define REGSIM_N_S1G	51	/* 902.5 to 927.5 MHz, 500 kHz apart */
#define REGSIM_MAX_RADIOS 16

#define REGSIM_HT_CAP	(IEEE80211_HT_CAP_SUP_WIDTH_20_40 |		\
			 IEEE80211_HT_CAP_GRN_FLD | IEEE80211_HT_CAP_SGI_20 | \
			 IEEE80211_HT_CAP_SGI_40 | IEEE80211_HT_CAP_DSSSCCK40)
#define REGSIM_VHT_CAP	(IEEE80211_VHT_CAP_MAX_MPDU_LENGTH_11454 |	\
			 IEEE80211_VHT_CAP_SUPP_CHAN_WIDTH_160_80PLUS80MHZ | \
			 IEEE80211_VHT_CAP_RXLDPC |			\
			 IEEE80211_VHT_CAP_SHORT_GI_80 |		\
			 IEEE80211_VHT_CAP_SHORT_GI_160 |		\
			 IEEE80211_VHT_CAP_TXSTBC |			\
			 IEEE80211_VHT_CAP_RXSTBC_4 |			\
			 IEEE80211_VHT_CAP_MAX_A_MPDU_LENGTH_EXPONENT_MASK)

struct regsim_radio {
	struct regcore_wiphy *wiphy;
	bool self_managed;
	struct regcore_band band_2ghz, band_5ghz, band_6ghz, band_s1g;
	struct regcore_channel chan_2ghz[REGSIM_N_2GHZ];
	struct regcore_channel chan_5ghz[REGSIM_N_5GHZ];
	struct regcore_channel chan_6ghz[REGSIM_N_6GHZ];
	struct regcore_channel chan_s1g[REGSIM_N_S1G];
	atomic_t notified;
	/* what its notifier saw last: regsim_last_lock */
	char last[24];
	/* the channel its one interface initiates radiation on (NULL for
	 * none), and the interface's type: under regcore's lock
	 */
	struct regcore_channel *started;
	u32 started_iftype;
};

/*
 * The radios. The parameter handlers can run while the module unloads, so
 * they and the unload path take regsim_lock, and the handlers find
 * regsim_radios NULL once the radios are gone. Lock order: regsim_lock,
 * then regcore's.
 */
static DEFINE_MUTEX(regsim_lock);
static struct regsim_radio *regsim_radios;
static int regsim_n_radios;
/* Radios added at run time (the spare control), newest last; regsim_lock. */
static struct regsim_radio *regsim_spares[REGSIM_MAX_RADIOS];
static int regsim_n_spares;

/* What hwsim's regtest gives radio @i. */
struct regsim_setup {
	const char *alpha2;
	const struct regcore_regdomain *regd;
	bool strict;
	bool ie_ignore;
	bool self_managed;
	u32 more_flags;
};

/* The "firmware"'s rules for AU (see regsim_fw_domain()). */
static const struct regcore_regdomain regsim_fw_au = {
	.n_reg_rules = 3,
	.alpha2 = "AU",
	.reg_rules = {
		REGCORE_RULE(2402, 2482, 40, 0, 20, 0),
		REGCORE_RULE(5170, 5250, 80, 0, 23, 0),
		REGCORE_RULE(5735, 5835, 80, 0, 30, 0),
	}
};

/*
 * The "firmware" of a self-managed radio: for AU, the rules above; for
 * any other country, hwsim's second custom domain's; each under the
 * country's alpha2, DFS region ETSI. Their tables differ from each other
 * and from every country of the database, so a test sees whose rules a
 * radio follows; the second has NO_IR channels a beacon hint would lift,
 * the first not. Returns a domain to kfree(), or NULL.
 */
static struct regcore_regdomain *regsim_fw_domain(const char *alpha2)
{
	const struct regcore_regdomain *base =
		!strncmp(alpha2, "AU", 2) ? &regsim_fw_au : &regsim_custom_02;
	struct regcore_regdomain *rd;
	u32 i;

	rd = kzalloc(struct_size(rd, reg_rules, base->n_reg_rules), GFP_KERNEL);
	if (!rd)
		return NULL;
	rd->n_reg_rules = base->n_reg_rules;
	for (i = 0; i < base->n_reg_rules; i++)
		rd->reg_rules[i] = base->reg_rules[i];
	rd->alpha2[0] = alpha2[0];
	rd->alpha2[1] = alpha2[1];
	rd->dfs_region = NL80211_DFS_ETSI;
	return rd;
}

/* Give a self-managed radio its firmware's domain for @alpha2: from the
 * worker (regcore_set_wiphy_regd()) or at once under regcore's lock
 * (@sync, which the caller holds).
 */
static int regsim_fw_set(struct regcore_wiphy *wiphy, const char *alpha2,
			 bool sync)
{
	struct regcore_regdomain *rd = regsim_fw_domain(alpha2);
	int err;

	if (!rd)
		return -ENOMEM;
	if (sync)
		err = regulatory_set_wiphy_regd_sync(wiphy, rd);
	else
		err = regulatory_set_wiphy_regd(wiphy, rd);
	kfree(rd);
	return err;
}

static struct regsim_setup regsim_scenario(int i)
{
	struct regsim_setup s = {};

	switch (regtest) {
	case REGSIM_REGTEST_DIFF_COUNTRY:
		if (i < ARRAY_SIZE(regsim_alpha2s))
			s.alpha2 = regsim_alpha2s[i];
		break;
	case REGSIM_REGTEST_DRIVER_REG_FOLLOW:
		if (!i)
			s.alpha2 = regsim_alpha2s[0];
		break;
	case REGSIM_REGTEST_STRICT_ALL:
		s.strict = true;
		s.alpha2 = regsim_alpha2s[0];
		break;
	case REGSIM_REGTEST_DRIVER_REG_ALL:
		s.alpha2 = regsim_alpha2s[0];
		break;
	case REGSIM_REGTEST_WORLD_ROAM:
		if (!i)
			s.regd = &regsim_custom_01;
		break;
	case REGSIM_REGTEST_CUSTOM_WORLD:
		s.regd = regsim_custom_world();
		break;
	case REGSIM_REGTEST_CUSTOM_WORLD_2:
		if (i == 0)
			s.regd = regsim_custom_world();
		else if (i == 1)
			s.regd = &regsim_custom_02;
		break;
	case REGSIM_REGTEST_STRICT_FOLLOW:
		if (!i) {
			s.strict = true;
			s.alpha2 = regsim_alpha2s[0];
		}
		break;
	case REGSIM_REGTEST_STRICT_AND_DRIVER_REG:
		if (i == 0) {
			s.strict = true;
			s.alpha2 = regsim_alpha2s[0];
		} else if (i == 1) {
			s.alpha2 = regsim_alpha2s[1];
		}
		break;
	case REGSIM_REGTEST_ALL:
		if (i == 0) {
			s.regd = &regsim_custom_01;
		} else if (i == 1) {
			s.regd = &regsim_custom_02;
		} else if (i == 2 || i == 3) {
			s.alpha2 = regsim_alpha2s[i - 2];
		} else if (i == 4) {
			s.strict = true;
			s.alpha2 = regsim_alpha2s[2];
		}
		break;
	}
	return s;
}

/* Protects each radio's last; taken in its notifier, under regcore's lock. */
static DEFINE_SPINLOCK(regsim_last_lock);

static const char *regsim_initiator_word(enum nl80211_reg_initiator i)
{
	switch (i) {
	case NL80211_REGDOM_SET_BY_CORE: return "core";
	case NL80211_REGDOM_SET_BY_USER: return "user";
	case NL80211_REGDOM_SET_BY_DRIVER: return "driver";
	case NL80211_REGDOM_SET_BY_COUNTRY_IE: return "country_ie";
	default: return "unknown";
	}
}

static const char *regsim_env_word(enum regcore_environment env)
{
	switch (env) {
	case REGCORE_ENVIRON_ANY: return "any";
	case REGCORE_ENVIRON_INDOOR: return "indoor";
	case REGCORE_ENVIRON_OUTDOOR: return "outdoor";
	default: return "unknown";
	}
}

static void regsim_notifier(struct regcore_wiphy *wiphy,
			    const struct regcore_request_info *info)
{
	struct regsim_radio *radio = wiphy->priv;
	int err;

	atomic_inc(&radio->notified);
	spin_lock(&regsim_last_lock);
	scnprintf(radio->last, sizeof(radio->last), "%s:%.2s:%s",
		  regsim_initiator_word(info->initiator), info->alpha2,
		  regsim_env_word(info->country_ie_env));
	spin_unlock(&regsim_last_lock);
	/* A self-managed radio passes the user's country to its firmware
	 * and gives back the firmware's domain, from here, under regcore's
	 * lock, as drivers of such radios do.
	 */
	if (radio->self_managed &&
	    info->initiator == NL80211_REGDOM_SET_BY_USER) {
		err = regsim_fw_set(wiphy, info->alpha2, true);
		if (err)
			pr_err("%s: firmware domain for %.2s refused: %d\n",
			       wiphy->name, info->alpha2, err);
	}
}

static bool regsim_iftype_is_client(u32 iftype)
{
	return iftype == NL80211_IFTYPE_STATION ||
	       iftype == NL80211_IFTYPE_P2P_CLIENT;
}

/* May an interface of @iftype run on @chan? A station or P2P client while
 * the channel is enabled, anything else where it may initiate radiation
 * (as cfg80211's reg_wdev_chan_valid()). Under regcore's lock.
 */
static bool regsim_allowed(struct regcore_wiphy *wiphy,
			   struct regcore_channel *chan, u32 iftype)
{
	if (regsim_iftype_is_client(iftype))
		return !(chan->flags & REGCORE_CHAN_DISABLED);
	return regcore_reg_can_beacon_relax(wiphy, chan, iftype);
}

/* regcore asks: leave what is no longer allowed (under regcore's lock). */
static void regsim_check_channels(struct regcore_wiphy *wiphy)
{
	struct regsim_radio *radio = wiphy->priv;
	u32 iftype = radio->started_iftype;
	int err;

	if (!radio->started || regsim_allowed(wiphy, radio->started, iftype))
		return;
	pr_info("%s: leaving %u MHz (interface type %u): no longer allowed\n",
		wiphy->name, radio->started->center_freq, iftype);
	radio->started = NULL;
	/* A station left: a careless driver would report the disconnect
	 * from here, under regcore's lock; regcore must refuse it.
	 */
	if (regsim_iftype_is_client(iftype)) {
		err = regcore_hint_disconnect(wiphy);
		pr_info("%s: disconnect reported from check_channels: %d\n",
			wiphy->name, err);
	}
}

/* regcore ends the CAC (radar found by another radio): under its lock. */
static void regsim_end_cac(struct regcore_wiphy *wiphy)
{
	pr_info("%s: CAC ended by regcore\n", wiphy->name);
}

/* An access point's channel is in use (regcore's DFS asks; its lock). */
static bool regsim_dfs_chan_in_use(struct regcore_wiphy *wiphy,
				   u32 center_freq)
{
	struct regsim_radio *radio = wiphy->priv;

	return radio->started && !regsim_iftype_is_client(radio->started_iftype) &&
	       radio->started->center_freq == center_freq;
}

static void regsim_init_band(struct regcore_band *band,
			     struct regcore_channel *chans, int n,
			     bool ht, bool vht)
{
	band->channels = chans;
	band->n_channels = n;
	band->ht_supported = ht;
	band->ht_cap = ht ? REGSIM_HT_CAP : 0;
	band->vht_supported = vht;
	band->vht_cap = vht ? REGSIM_VHT_CAP : 0;
}

static void regsim_init_channels(struct regsim_radio *radio)
{
	int i;

	for (i = 0; i < REGSIM_N_2GHZ; i++)
		radio->chan_2ghz[i].center_freq = i < 13 ? 2412 + 5 * i : 2484;
	for (i = 0; i < REGSIM_N_5GHZ; i++)
		radio->chan_5ghz[i].center_freq = regsim_freqs_5ghz[i];
	for (i = 0; i < REGSIM_N_6GHZ; i++)
		radio->chan_6ghz[i].center_freq = 5955 + 20 * i;
	for (i = 0; i < REGSIM_N_2GHZ; i++)
		radio->chan_2ghz[i].hw_value = radio->chan_2ghz[i].center_freq;
	for (i = 0; i < REGSIM_N_5GHZ; i++)
		radio->chan_5ghz[i].hw_value = radio->chan_5ghz[i].center_freq;
	for (i = 0; i < REGSIM_N_6GHZ; i++)
		radio->chan_6ghz[i].hw_value = radio->chan_6ghz[i].center_freq;
	/* hwsim's S1G channels: channel N at 902 MHz + N * 500 kHz */
	for (i = 0; i < REGSIM_N_S1G; i++) {
		u32 khz = 902000 + (i + 1) * 500;

		radio->chan_s1g[i].center_freq = khz / 1000;
		radio->chan_s1g[i].freq_offset = khz % 1000;
		radio->chan_s1g[i].hw_value = i + 1;
	}

	regsim_init_band(&radio->band_2ghz, radio->chan_2ghz, REGSIM_N_2GHZ,
			 true, false);
	regsim_init_band(&radio->band_5ghz, radio->chan_5ghz, REGSIM_N_5GHZ,
			 true, true);
	regsim_init_band(&radio->band_6ghz, radio->chan_6ghz, REGSIM_N_6GHZ,
			 false, false);
	/* HT on S1G too: hwsim gives HT to every band but 6 GHz */
	regsim_init_band(&radio->band_s1g, radio->chan_s1g, REGSIM_N_S1G,
			 true, false);
}

/* A new regcore radio with @radio's bands. */
static struct regcore_wiphy *regsim_wiphy_new(struct regsim_radio *radio)
{
	struct regcore_wiphy *wiphy;

	regsim_init_channels(radio);
	wiphy = regcore_wiphy_new();
	if (!wiphy)
		return NULL;
	wiphy->bands[NL80211_BAND_2GHZ] = &radio->band_2ghz;
	wiphy->bands[NL80211_BAND_5GHZ] = &radio->band_5ghz;
	wiphy->bands[NL80211_BAND_6GHZ] = &radio->band_6ghz;
	wiphy->bands[NL80211_BAND_S1GHZ] = &radio->band_s1g;
	return wiphy;
}

static int regsim_radio_setup(struct regsim_radio *radio,
			      const struct regsim_setup *setup, int i)
{
	struct regsim_setup s = *setup;
	struct regcore_wiphy *wiphy;
	int err;

	wiphy = regsim_wiphy_new(radio);
	if (!wiphy)
		return -ENOMEM;
	wiphy->reg_notifier = regsim_notifier;
	wiphy->check_channels = regsim_check_channels;
	wiphy->end_cac = regsim_end_cac;
	wiphy->dfs_chan_in_use = regsim_dfs_chan_in_use;
	wiphy->priv = radio;
	if (s.strict)
		wiphy->regulatory_flags |= REGCORE_REG_STRICT_REG;
	if (s.ie_ignore)
		wiphy->regulatory_flags |= REGCORE_REG_COUNTRY_IE_IGNORE;
	wiphy->regulatory_flags |= s.more_flags;
	radio->self_managed = s.self_managed;
	if (s.self_managed) {
		wiphy->regulatory_flags |= REGCORE_REG_WIPHY_SELF_MANAGED;
		/* the firmware's country at start, applied at registration */
		if (s.alpha2) {
			err = regsim_fw_set(wiphy, s.alpha2, false);
			if (err)
				goto out_free;
			s.alpha2 = NULL;
		}
	}
	if (s.regd) {
		err = regcore_apply_custom_regulatory(wiphy, s.regd);
		if (err)
			goto out_free;
	}
	err = regcore_wiphy_register(wiphy);
	if (err)
		goto out_free;
	radio->wiphy = wiphy;
	if (s.alpha2) {
		err = regulatory_hint(wiphy, s.alpha2);
		if (err) {
			pr_err("radio %d: regulatory_hint(%s) failed: %d\n", i,
			       s.alpha2, err);
			return err;
		}
	}
	pr_info("radio %d is %s%s%s%s%s%s%s\n", i, wiphy->name,
		s.self_managed ? ", self-managed" : "",
		s.strict ? ", strict" : "", s.regd ? ", custom domain" : "",
		s.ie_ignore ? ", ignoring country elements" : "",
		s.alpha2 ? ", driver hint " : "", s.alpha2 ? s.alpha2 : "");
	return 0;

out_free:
	regcore_wiphy_free(wiphy);
	return err;
}

static int regsim_radio_add(struct regsim_radio *radio, int i)
{
	struct regsim_setup s = regsim_scenario(i);
	int err;

	s.ie_ignore |= ieignore;
	err = regsim_radio_setup(radio, &s, i);

	/* A hint that could not be given leaves the radio registered. */
	return radio->wiphy ? 0 : err;
}

static void regsim_radio_del(struct regsim_radio *radio)
{
	if (!radio->wiphy)
		return;
	regcore_wiphy_unregister(radio->wiphy);
	regcore_wiphy_free(radio->wiphy);
	radio->wiphy = NULL;
}

/* Parse "N rest" into a radio and the rest of the string. */
static struct regsim_radio *regsim_parse_radio(const char *val,
					       const char **rest)
{
	unsigned int idx;
	int n = 0;

	lockdep_assert_held(&regsim_lock);
	if (!regsim_radios || sscanf(val, "%u %n", &idx, &n) != 1 || !n ||
	    idx >= regsim_n_radios + regsim_n_spares)
		return NULL;
	*rest = val + n;
	if (idx < regsim_n_radios)
		return &regsim_radios[idx];
	return regsim_spares[idx - regsim_n_radios];
}

static int regsim_set_hint(const char *val, const struct kernel_param *kp)
{
	struct regsim_radio *radio;
	const char *alpha2;
	char buf[3];
	int err = -EINVAL;

	mutex_lock(&regsim_lock);
	radio = regsim_parse_radio(val, &alpha2);
	if (radio) {
		/* Pass what was written, so that bad alpha2s reach regcore. */
		strscpy(buf, alpha2, sizeof(buf));
		if (strlen(buf) && buf[strlen(buf) - 1] == '\n')
			buf[strlen(buf) - 1] = '\0';
		err = regulatory_hint(radio->wiphy, buf);
	}
	mutex_unlock(&regsim_lock);
	return err;
}

static const struct kernel_param_ops regsim_hint_ops = {
	.set = regsim_set_hint,
};
module_param_cb(hint, &regsim_hint_ops, NULL, 0200);
MODULE_PARM_DESC(hint, "Write \"N XX\": radio N's driver hints country XX");

static int regsim_set_disconnect(const char *val,
				 const struct kernel_param *kp)
{
	struct regsim_radio *radio;
	const char *rest;
	int err = -EINVAL;

	mutex_lock(&regsim_lock);
	radio = regsim_parse_radio(val, &rest);
	if (radio && !*rest)
		err = regcore_hint_disconnect(radio->wiphy);
	mutex_unlock(&regsim_lock);
	return err;
}

static const struct kernel_param_ops regsim_disconnect_ops = {
	.set = regsim_set_disconnect,
};
module_param_cb(disconnect, &regsim_disconnect_ops, NULL, 0200);
MODULE_PARM_DESC(disconnect, "Write \"N\": radio N's stations disconnected");

static int regsim_set_country_ie(const char *val,
				 const struct kernel_param *kp)
{
	/* country string, then one triplet: channels 1-13 at 20 dBm */
	u8 ie[6] = { ' ', ' ', ' ', 1, 13, 20 };
	struct regsim_radio *radio;
	const char *s;
	int i, err = -EINVAL;

	mutex_lock(&regsim_lock);
	radio = regsim_parse_radio(val, &s);
	if (radio) {
		for (i = 0; i < 3 && s[i] && s[i] != '\n'; i++)
			ie[i] = s[i];
		err = regcore_country_ie_hint(radio->wiphy, NL80211_BAND_2GHZ,
					      ie, sizeof(ie));
	}
	mutex_unlock(&regsim_lock);
	return err;
}

static const struct kernel_param_ops regsim_country_ie_ops = {
	.set = regsim_set_country_ie,
};
module_param_cb(country_ie, &regsim_country_ie_ops, NULL, 0200);
MODULE_PARM_DESC(country_ie, "Write \"N XXE\": radio N saw a country element");

static int regsim_get_notified(char *buf, const struct kernel_param *kp)
{
	int i, len = 0;

	mutex_lock(&regsim_lock);
	for (i = 0; regsim_radios && i < regsim_n_radios; i++)
		len += scnprintf(buf + len, PAGE_SIZE - len, "%s%d",
				 i ? " " : "",
				 atomic_read(&regsim_radios[i].notified));
	for (i = 0; i < regsim_n_spares; i++)
		len += scnprintf(buf + len, PAGE_SIZE - len, " %d",
				 atomic_read(&regsim_spares[i]->notified));
	mutex_unlock(&regsim_lock);
	len += scnprintf(buf + len, PAGE_SIZE - len, "\n");
	return len;
}

static const struct kernel_param_ops regsim_notified_ops = {
	.get = regsim_get_notified,
};
module_param_cb(notified, &regsim_notified_ops, NULL, 0444);
MODULE_PARM_DESC(notified, "How often each radio's reg_notifier ran");

static int regsim_get_last_request(char *buf, const struct kernel_param *kp)
{
	struct regsim_radio *radio;
	int i, len = 0;

	mutex_lock(&regsim_lock);
	spin_lock(&regsim_last_lock);
	for (i = 0; regsim_radios && i < regsim_n_radios + regsim_n_spares;
	     i++) {
		radio = i < regsim_n_radios ? &regsim_radios[i] :
			regsim_spares[i - regsim_n_radios];
		len += scnprintf(buf + len, PAGE_SIZE - len, "%s%s", i ? " " : "",
				 radio->last[0] ? radio->last : "none");
	}
	spin_unlock(&regsim_last_lock);
	mutex_unlock(&regsim_lock);
	len += scnprintf(buf + len, PAGE_SIZE - len, "\n");
	return len;
}

static const struct kernel_param_ops regsim_last_request_ops = {
	.get = regsim_get_last_request,
};
module_param_cb(last_request, &regsim_last_request_ops, NULL, 0444);
MODULE_PARM_DESC(last_request, "What each radio's reg_notifier saw last: INITIATOR:ALPHA2:ENVIRONMENT");

/* The radio's channel at @khz, the first band that has one. */
static struct regcore_channel *regsim_channel_khz(struct regsim_radio *radio,
						  u32 khz)
{
	struct regcore_band *bands[] = {
		&radio->band_2ghz, &radio->band_5ghz, &radio->band_6ghz,
		&radio->band_s1g,
	};
	int b, i;

	for (b = 0; b < ARRAY_SIZE(bands); b++)
		for (i = 0; i < bands[b]->n_channels; i++)
			if (regcore_channel_to_khz(&bands[b]->channels[i]) == khz)
				return &bands[b]->channels[i];
	return NULL;
}

/* The radio's channel at @freq MHz (one without a kHz offset: 922 MHz, not
 * 922.5).
 */
static struct regcore_channel *regsim_channel(struct regsim_radio *radio,
					      u32 freq)
{
	if (freq > U32_MAX / 1000)
		return NULL;
	return regsim_channel_khz(radio, freq * 1000);
}

/* "MHZ" or "MHZ.FFF" (up to three decimals: 912.5 is 912500 kHz) in kHz. */
static int regsim_parse_khz(const char *s, u32 *khz)
{
	unsigned int mhz, frac = 0, scale = 100;
	char buf[16], *dot;

	if (strscpy(buf, s, sizeof(buf)) < 0)
		return -EINVAL;
	strim(buf);
	dot = strchr(buf, '.');
	if (dot) {
		*dot++ = '\0';
		if (!*dot || strlen(dot) > 3)
			return -EINVAL;
		for (; *dot; dot++, scale /= 10) {
			if (!isdigit(*dot))
				return -EINVAL;
			frac += (*dot - '0') * scale;
		}
	}
	if (kstrtouint(buf, 10, &mhz) || mhz > U32_MAX / 1000 - 1)
		return -EINVAL;
	*khz = mhz * 1000 + frac;
	return 0;
}

static int regsim_set_beacon(const char *val, const struct kernel_param *kp)
{
	struct regcore_channel *chan = NULL;
	struct regsim_radio *radio;
	const char *rest;
	u32 khz;
	int err = -EINVAL;

	mutex_lock(&regsim_lock);
	radio = regsim_parse_radio(val, &rest);
	if (radio && !regsim_parse_khz(rest, &khz))
		chan = regsim_channel_khz(radio, khz);
	if (chan) {
		/* as from a driver's receive path */
		local_bh_disable();
		err = regcore_beacon_hint(radio->wiphy, chan, GFP_ATOMIC);
		local_bh_enable();
	}
	mutex_unlock(&regsim_lock);
	return err;
}

static const struct kernel_param_ops regsim_beacon_ops = {
	.set = regsim_set_beacon,
};
module_param_cb(beacon, &regsim_beacon_ops, NULL, 0200);
MODULE_PARM_DESC(beacon, "Write \"N FREQ\": radio N heard a beacon on its channel at FREQ MHz (912.5: a kHz offset)");

static int regsim_set_self_regd(const char *val,
				const struct kernel_param *kp)
{
	struct regsim_radio *radio;
	const char *rest;
	char alpha2[3], how[8] = "";
	int err = -EINVAL;

	mutex_lock(&regsim_lock);
	radio = regsim_parse_radio(val, &rest);
	if (radio && sscanf(rest, "%2s %7s", alpha2, how) >= 1 &&
	    strlen(alpha2) == 2) {
		if (!strcmp(how, "sync")) {
			regcore_wiphy_lock();
			err = regsim_fw_set(radio->wiphy, alpha2, true);
			regcore_wiphy_unlock();
		} else if (!how[0]) {
			err = regsim_fw_set(radio->wiphy, alpha2, false);
		}
	}
	mutex_unlock(&regsim_lock);
	return err;
}

static const struct kernel_param_ops regsim_self_regd_ops = {
	.set = regsim_set_self_regd,
};
module_param_cb(self_regd, &regsim_self_regd_ops, NULL, 0200);
MODULE_PARM_DESC(self_regd, "Write \"N XX [sync]\": self-managed radio N's firmware gives its domain for XX");

/* A check that must answer no for a wrong call. */
static bool regsim_expect_no(const char *what, bool answer)
{
	if (!answer)
		return true;
	pr_err("misuse: %s answered yes\n", what);
	return false;
}

/* One wrong call: expect -EINVAL. */
static bool regsim_expect_einval(const char *what, int err)
{
	if (err == -EINVAL)
		return true;
	pr_err("misuse: %s returned %d, expected -EINVAL\n", what, err);
	return false;
}

/* Wrong calls around self-managed radios. @fresh: an unregistered radio
 * with one channel and no regulatory flags; @live: a registered radio
 * that is not self-managed.
 */
static bool regsim_misuse_self_managed(struct regcore_wiphy *fresh,
				       struct regcore_wiphy *live)
{
	struct regcore_regdomain *rd = regsim_fw_domain("DE");
	bool ok = true;
	int err;

	if (!rd)
		return false;
	ok &= regsim_expect_einval("self-managed domain for NULL",
				   regcore_set_wiphy_regd(NULL, rd));
	ok &= regsim_expect_einval("self-managed domain NULL",
				   regcore_set_wiphy_regd(live, NULL));
	err = regcore_set_wiphy_regd(live, rd);
	if (err != -EPERM) {
		pr_err("misuse: self-managed domain for a radio that is not: %d, expected -EPERM\n",
		       err);
		ok = false;
	}
	ok &= regsim_expect_einval("self-managed domain, sync, without the lock",
				   regcore_set_wiphy_regd_sync(live, rd));

	fresh->regulatory_flags = REGCORE_REG_WIPHY_SELF_MANAGED |
				  REGCORE_REG_STRICT_REG;
	ok &= regsim_expect_einval("registering a strict self-managed radio",
				   regcore_wiphy_register(fresh));
	fresh->regulatory_flags = REGCORE_REG_WIPHY_SELF_MANAGED |
				  REGCORE_REG_COUNTRY_IE_FOLLOW_POWER;
	ok &= regsim_expect_einval("registering a self-managed radio with IE_FOLLOW_POWER",
				   regcore_wiphy_register(fresh));
	fresh->regulatory_flags = REGCORE_REG_WIPHY_SELF_MANAGED;
	rd->alpha2[1] = '!';
	ok &= regsim_expect_einval("self-managed domain with alpha2 \"D!\"",
				   regcore_set_wiphy_regd(fresh, rd));
	rd->alpha2[1] = 'E';
	rd->dfs_region = NL80211_DFS_JP + 1;
	ok &= regsim_expect_einval("self-managed domain with an unknown DFS region",
				   regcore_set_wiphy_regd(fresh, rd));
	rd->dfs_region = NL80211_DFS_ETSI;
	rd->reg_rules[0].freq_range.end_freq_khz =
		rd->reg_rules[0].freq_range.start_freq_khz;
	ok &= regsim_expect_einval("self-managed domain with an empty rule",
				   regcore_set_wiphy_regd(fresh, rd));
	fresh->regulatory_flags = 0;
	kfree(rd);
	return ok;
}

/* A domain given to a self-managed radio that is never registered, or
 * after it was unregistered, is freed with the radio (kmemleak on the
 * debug kernel would report it otherwise).
 */
static bool regsim_misuse_self_managed_orphans(void)
{
	struct regcore_channel chan = { .center_freq = 2412 };
	struct regcore_band band = { .channels = &chan, .n_channels = 1 };
	struct regcore_wiphy *w;
	bool ok = true;
	int i, err;

	for (i = 0; i < 2; i++) {
		w = regcore_wiphy_new();
		if (!w)
			return false;
		w->bands[NL80211_BAND_2GHZ] = &band;
		w->regulatory_flags = REGCORE_REG_WIPHY_SELF_MANAGED;
		if (i == 1 && regcore_wiphy_register(w)) {
			pr_err("misuse: a self-managed radio did not register\n");
			ok = false;
		}
		if (i == 1)
			regcore_wiphy_unregister(w);
		err = regsim_fw_set(w, "DE", false);
		if (err) {
			pr_err("misuse: a domain for a self-managed radio %s: %d, expected 0\n",
			       i ? "unregistered" : "not yet registered", err);
			ok = false;
		}
		regcore_wiphy_free(w);
	}
	return ok;
}

/* The DFS calls, each wrong in one way. */
static bool regsim_misuse_dfs(struct regcore_wiphy *fresh,
			      struct regcore_wiphy *live)
{
	struct regcore_chandef cd = {
		.center_freq = 2412,
		.width = NL80211_CHAN_WIDTH_20_NOHT,
		.center_freq1 = 2412,
	};
	bool ok = true;

	ok &= regsim_expect_einval("radar event from NULL",
				   regcore_radar_event(NULL, &cd));
	ok &= regsim_expect_einval("radar event without a channel definition",
				   regcore_radar_event(live, NULL));
	ok &= regsim_expect_einval("radar event from an unregistered radio",
				   regcore_radar_event(fresh, &cd));
	ok &= regsim_expect_einval("CAC event from an unregistered radio",
				   regcore_cac_event(fresh, &cd,
						     NL80211_RADAR_CAC_STARTED));
	ok &= regsim_expect_einval("CAC finished without a CAC",
				   regcore_cac_event(live, &cd,
						     NL80211_RADAR_CAC_FINISHED));
	ok &= regsim_expect_einval("CAC on a channel without radar",
				   regcore_cac_event(live, &cd,
						     NL80211_RADAR_CAC_STARTED));
	ok &= regsim_expect_einval("CAC event of an unknown kind",
				   regcore_cac_event(live, &cd,
						     NL80211_RADAR_NOP_FINISHED));
	cd.width = NL80211_CHAN_WIDTH_80P80;
	ok &= regsim_expect_einval("radar event at 80+80 MHz",
				   regcore_radar_event(live, &cd));
	cd.width = NL80211_CHAN_WIDTH_40;
	ok &= regsim_expect_einval("radar event at 40 MHz centred on the control channel",
				   regcore_radar_event(live, &cd));
	cd.width = NL80211_CHAN_WIDTH_20;
	cd.center_freq = 2000;
	cd.center_freq1 = 2000;
	ok &= regsim_expect_einval("radar event on a channel the radio lacks",
				   regcore_radar_event(live, &cd));
	cd.center_freq = 5;
	cd.center_freq1 = 5;
	ok &= regsim_expect_einval("radar event at 5 MHz",
				   regcore_radar_event(live, &cd));
	cd.width = NL80211_CHAN_WIDTH_160;
	cd.center_freq = U32_MAX - 10;
	cd.center_freq1 = U32_MAX - 30;
	ok &= regsim_expect_einval("radar event at 160 MHz near U32_MAX MHz",
				   regcore_cac_event(live, &cd,
						     NL80211_RADAR_CAC_STARTED));
	return ok;
}

static int regsim_misuse(void)
{
	static const u8 short_ie[4] = { 'D', 'E', ' ', 1 };
	static const u8 odd_ie[7] = { 'D', 'E', ' ', 1, 13, 20, 0 };
	static const u8 digit_ie[6] = { '1', '2', ' ', 1, 13, 20 };
	struct regcore_regdomain *bad_rd;
	struct regcore_wiphy *fresh, *live;
	struct regcore_channel chan = { .center_freq = 2412 };
	struct regcore_band band = { .channels = &chan, .n_channels = 1 };
	struct regcore_channel *inside, *live_chan;
	bool ok = true;

	if (!regsim_radios || !regsim_radios[0].wiphy)
		return -ENODEV;
	live = regsim_radios[0].wiphy;

	ok &= regsim_expect_einval("beacon hint from NULL",
				   regcore_beacon_hint(NULL, &chan, GFP_KERNEL));
	ok &= regsim_expect_einval("beacon hint on a NULL channel",
				   regcore_beacon_hint(live, NULL, GFP_KERNEL));
	ok &= regsim_expect_einval("beacon hint on another radio's channel",
				   regcore_beacon_hint(live, &chan, GFP_KERNEL));
	inside = (void *)((char *)&regsim_radios[0].chan_5ghz[1] + 1);
	ok &= regsim_expect_einval("beacon hint inside a channel",
				   regcore_beacon_hint(live, inside, GFP_KERNEL));
	ok &= regsim_expect_einval("regulatory_hint(NULL, \"DE\")",
				   regulatory_hint(NULL, "DE"));
	ok &= regsim_expect_einval("regulatory_hint(radio, NULL)",
				   regulatory_hint(live, NULL));
	ok &= regsim_expect_einval("regulatory_hint(radio, \"\")",
				   regulatory_hint(live, ""));
	ok &= regsim_expect_einval("regulatory_hint(radio, \"D\")",
				   regulatory_hint(live, "D"));
	ok &= regsim_expect_einval("regulatory_hint(radio, \"1!\")",
				   regulatory_hint(live, "1!"));
	ok &= regsim_expect_einval("regulatory_hint(radio, \"00\")",
				   regulatory_hint(live, "00"));
	ok &= regsim_expect_einval("country IE with NULL element",
				   regcore_country_ie_hint(live,
							   NL80211_BAND_2GHZ,
							   NULL, 6));
	ok &= regsim_expect_einval("country IE of 4 bytes",
				   regcore_country_ie_hint(live,
							   NL80211_BAND_2GHZ,
							   short_ie,
							   sizeof(short_ie)));
	ok &= regsim_expect_einval("country IE of odd length",
				   regcore_country_ie_hint(live,
							   NL80211_BAND_2GHZ,
							   odd_ie,
							   sizeof(odd_ie)));
	ok &= regsim_expect_einval("country IE with digits",
				   regcore_country_ie_hint(live,
							   NL80211_BAND_2GHZ,
							   digit_ie,
							   sizeof(digit_ie)));
	ok &= regsim_expect_einval("country IE on a bad band",
				   regcore_country_ie_hint(live,
							   NUM_NL80211_BANDS,
							   digit_ie,
							   sizeof(digit_ie)));
	ok &= regsim_expect_einval("registering NULL",
				   regcore_wiphy_register(NULL));
	ok &= regsim_expect_einval("registering a registered radio",
				   regcore_wiphy_register(live));
	ok &= regsim_expect_einval("custom domain after registration",
				   regcore_apply_custom_regulatory(live,
								   &regsim_custom_01));
	ok &= regsim_expect_einval("freq_reg_info(NULL)",
				   regcore_freq_reg_info(NULL, 2412000, NULL));

	fresh = regcore_wiphy_new();
	if (!fresh)
		return -ENOMEM;
	ok &= regsim_expect_einval("registering a radio without bands",
				   regcore_wiphy_register(fresh));
	ok &= regsim_expect_einval("driver hint from an unregistered radio",
				   regulatory_hint(fresh, "DE"));
	ok &= regsim_expect_einval("beacon hint from an unregistered radio",
				   regcore_beacon_hint(fresh, &chan, GFP_KERNEL));
	ok &= regsim_expect_einval("disconnect hint from NULL",
				   regcore_hint_disconnect(NULL));
	ok &= regsim_expect_einval("disconnect hint from an unregistered radio",
				   regcore_hint_disconnect(fresh));
	ok &= regsim_expect_no("can_beacon(NULL)",
			       regcore_reg_can_beacon(NULL, &chan,
						      NL80211_IFTYPE_AP));
	ok &= regsim_expect_no("can_beacon_relax(unregistered radio)",
			       regcore_reg_can_beacon_relax(fresh, &chan,
							    NL80211_IFTYPE_AP));
	ok &= regsim_expect_no("can_beacon(radio, NULL)",
			       regcore_reg_can_beacon(live, NULL,
						      NL80211_IFTYPE_AP));
	ok &= regsim_expect_no("can_beacon(radio, another radio's channel)",
			       regcore_reg_can_beacon(live, &chan,
						      NL80211_IFTYPE_AP));
	live_chan = &live->bands[NL80211_BAND_2GHZ]->channels[0];
	ok &= regsim_expect_no("can_beacon(radio, channel, UNSPECIFIED)",
			       regcore_reg_can_beacon(live, live_chan,
						      NL80211_IFTYPE_UNSPECIFIED));
	ok &= regsim_expect_no("can_beacon_relax(radio, channel, NUM_NL80211_IFTYPES)",
			       regcore_reg_can_beacon_relax(live, live_chan,
							    NUM_NL80211_IFTYPES));
	ok &= regsim_misuse_dfs(fresh, live);
	band.n_channels = 0;
	fresh->bands[NL80211_BAND_2GHZ] = &band;
	ok &= regsim_expect_einval("registering a band without channels",
				   regcore_wiphy_register(fresh));
	band.n_channels = 1;
	chan.center_freq = 0;
	ok &= regsim_expect_einval("registering a channel at 0 MHz",
				   regcore_wiphy_register(fresh));
	chan.center_freq = 902;
	chan.freq_offset = 1000;
	ok &= regsim_expect_einval("registering a channel with a 1000 kHz offset",
				   regcore_wiphy_register(fresh));
	chan.freq_offset = 0;
	chan.center_freq = 2412;
	ok &= regsim_expect_einval("custom domain NULL",
				   regcore_apply_custom_regulatory(fresh, NULL));
	bad_rd = kzalloc(struct_size(bad_rd, reg_rules, 1), GFP_KERNEL);
	if (bad_rd) {
		bad_rd->n_reg_rules = 1;
		bad_rd->reg_rules[0] = (struct regcore_reg_rule)
			REGCORE_RULE(2472, 2412, 20, 0, 20, 0);
		ok &= regsim_expect_einval("custom domain with start > end",
					   regcore_apply_custom_regulatory(fresh,
									   bad_rd));
		bad_rd->reg_rules[0] = (struct regcore_reg_rule)
			REGCORE_RULE(2412, 2432, 0, 0, 20, 0);
		ok &= regsim_expect_einval("custom domain with no bandwidth",
					   regcore_apply_custom_regulatory(fresh,
									   bad_rd));
		bad_rd->reg_rules[0] = (struct regcore_reg_rule)
			REGCORE_RULE(2412, 2432, 20, 0, 20, BIT(31));
		ok &= regsim_expect_einval("custom domain with an unknown flag",
					   regcore_apply_custom_regulatory(fresh,
									   bad_rd));
		bad_rd->n_reg_rules = 0;
		ok &= regsim_expect_einval("custom domain without rules",
					   regcore_apply_custom_regulatory(fresh,
									   bad_rd));
		kfree(bad_rd);
	} else {
		ok = false;
	}
	ok &= regsim_misuse_self_managed(fresh, live);
	ok &= regsim_misuse_self_managed_orphans();
	regcore_wiphy_unregister(fresh);	/* not registered: logged only */
	/* A radio registered once cannot be registered again. It registers
	 * self-managed: its driver gives no hints.
	 */
	fresh->regulatory_flags = REGCORE_REG_WIPHY_SELF_MANAGED;
	if (!regcore_wiphy_register(fresh)) {
		ok &= regsim_expect_einval("driver hint from a self-managed radio",
					   regulatory_hint(fresh, "DE"));
		regcore_wiphy_unregister(fresh);
		ok &= regsim_expect_einval("registering a radio unregistered before",
					   regcore_wiphy_register(fresh));
		ok &= regsim_expect_einval("custom domain for a radio unregistered before",
					   regcore_apply_custom_regulatory(fresh,
									   &regsim_custom_01));
		if (READ_ONCE(fresh->registered))
			regcore_wiphy_unregister(fresh);
	} else {
		pr_err("misuse: a fresh radio with one channel did not register\n");
		ok = false;
	}
	regcore_wiphy_free(fresh);

	pr_info("misuse: %s\n", ok ? "every wrong call was refused with -EINVAL" :
		"some wrong call was not refused");
	return ok ? 0 : -EIO;
}

static int regsim_set_misuse(const char *val, const struct kernel_param *kp)
{
	int err;

	mutex_lock(&regsim_lock);
	err = regsim_misuse();
	mutex_unlock(&regsim_lock);
	return err;
}

static const struct kernel_param_ops regsim_misuse_ops = {
	.set = regsim_set_misuse,
};
module_param_cb(misuse, &regsim_misuse_ops, NULL, 0200);
MODULE_PARM_DESC(misuse, "Write anything: check that wrong API calls are refused");

/* freq_rule: the last answer of regcore_freq_reg_info(); regsim_lock. */
static char regsim_freq_rule_answer[96] = "none\n";

static int regsim_set_freq_rule(const char *val, const struct kernel_param *kp)
{
	struct regcore_reg_rule rule;
	struct regsim_radio *radio;
	const char *rest;
	u32 khz;
	int err = -EINVAL;

	mutex_lock(&regsim_lock);
	radio = regsim_parse_radio(val, &rest);
	if (radio && !kstrtou32(rest, 0, &khz)) {
		err = regcore_freq_reg_info(radio->wiphy, khz, &rule);
		if (err)
			scnprintf(regsim_freq_rule_answer,
				  sizeof(regsim_freq_rule_answer),
				  "error %d\n", err);
		else
			scnprintf(regsim_freq_rule_answer,
				  sizeof(regsim_freq_rule_answer),
				  "%u %u %u %u %u 0x%x\n",
				  rule.freq_range.start_freq_khz,
				  rule.freq_range.end_freq_khz,
				  rule.freq_range.max_bandwidth_khz,
				  rule.power_rule.max_antenna_gain,
				  rule.power_rule.max_eirp, rule.flags);
		err = 0;
	}
	mutex_unlock(&regsim_lock);
	return err;
}

static int regsim_get_freq_rule(char *buf, const struct kernel_param *kp)
{
	int len;

	mutex_lock(&regsim_lock);
	len = scnprintf(buf, PAGE_SIZE, "%s", regsim_freq_rule_answer);
	mutex_unlock(&regsim_lock);
	return len;
}

static const struct kernel_param_ops regsim_freq_rule_ops = {
	.set = regsim_set_freq_rule,
	.get = regsim_get_freq_rule,
};
module_param_cb(freq_rule, &regsim_freq_rule_ops, NULL, 0600);
MODULE_PARM_DESC(freq_rule, "Write \"N KHZ\": radio N asks for the rule of a channel; read the answer");

/* can_beacon: what a driver asks before it starts beaconing. */
static char regsim_can_beacon_answer[16] = "none\n";

static int regsim_set_can_beacon(const char *val,
				 const struct kernel_param *kp)
{
	struct regcore_channel *chan;
	struct regsim_radio *radio;
	bool plain, relax, locked;
	char word[8] = "";
	const char *rest;
	u32 freq, iftype;
	int err = -EINVAL;

	mutex_lock(&regsim_lock);
	radio = regsim_parse_radio(val, &rest);
	if (!radio || sscanf(rest, "%u %u %7s", &freq, &iftype, word) < 2)
		goto out;
	locked = !strcmp(word, "locked");
	if (word[0] && !locked)
		goto out;
	chan = regsim_channel(radio, freq);
	if (!chan)
		goto out;
	if (locked)
		regcore_wiphy_lock();
	plain = regcore_reg_can_beacon(radio->wiphy, chan, iftype);
	relax = regcore_reg_can_beacon_relax(radio->wiphy, chan, iftype);
	if (locked)
		regcore_wiphy_unlock();
	scnprintf(regsim_can_beacon_answer, sizeof(regsim_can_beacon_answer),
		  "%s %s\n", plain ? "yes" : "no", relax ? "yes" : "no");
	err = 0;
out:
	mutex_unlock(&regsim_lock);
	return err;
}

static int regsim_get_can_beacon(char *buf, const struct kernel_param *kp)
{
	int len;

	mutex_lock(&regsim_lock);
	len = scnprintf(buf, PAGE_SIZE, "%s", regsim_can_beacon_answer);
	mutex_unlock(&regsim_lock);
	return len;
}

static const struct kernel_param_ops regsim_can_beacon_ops = {
	.set = regsim_set_can_beacon,
	.get = regsim_get_can_beacon,
};
module_param_cb(can_beacon, &regsim_can_beacon_ops, NULL, 0600);
MODULE_PARM_DESC(can_beacon, "Write \"N FREQ IFTYPE [locked]\": may radio N beacon there? Read the answers, plain and relaxed");

/* start: an interface begins to initiate radiation, if regcore allows. */
static int regsim_set_start(const char *val, const struct kernel_param *kp)
{
	struct regcore_channel *chan = NULL;
	struct regsim_radio *radio;
	const char *rest;
	u32 freq, iftype;
	int err = -EINVAL;

	mutex_lock(&regsim_lock);
	radio = regsim_parse_radio(val, &rest);
	if (radio && sysfs_streq(rest, "stop")) {
		regcore_wiphy_lock();
		radio->started = NULL;
		regcore_wiphy_unlock();
		err = 0;
	} else if (radio && sscanf(rest, "%u %u", &freq, &iftype) == 2) {
		chan = regsim_channel(radio, freq);
	}
	if (chan) {
		regcore_wiphy_lock();
		err = -EPERM;
		if (regsim_allowed(radio->wiphy, chan, iftype)) {
			radio->started = chan;
			radio->started_iftype = iftype;
			err = 0;
		}
		regcore_wiphy_unlock();
	}
	mutex_unlock(&regsim_lock);
	return err;
}

static int regsim_get_start(char *buf, const struct kernel_param *kp)
{
	struct regsim_radio *radio;
	int i, len = 0;

	mutex_lock(&regsim_lock);
	regcore_wiphy_lock();
	for (i = 0; regsim_radios && i < regsim_n_radios + regsim_n_spares;
	     i++) {
		radio = i < regsim_n_radios ? &regsim_radios[i] :
			regsim_spares[i - regsim_n_radios];
		if (radio->started)
			len += scnprintf(buf + len, PAGE_SIZE - len, "%s%u:%u",
					 i ? " " : "",
					 radio->started->center_freq,
					 radio->started_iftype);
		else
			len += scnprintf(buf + len, PAGE_SIZE - len, "%snone",
					 i ? " " : "");
	}
	regcore_wiphy_unlock();
	mutex_unlock(&regsim_lock);
	len += scnprintf(buf + len, PAGE_SIZE - len, "\n");
	return len;
}

static const struct kernel_param_ops regsim_start_ops = {
	.set = regsim_set_start,
	.get = regsim_get_start,
};
module_param_cb(start, &regsim_start_ops, NULL, 0600);
MODULE_PARM_DESC(start, "Write \"N FREQ IFTYPE\" or \"N stop\": radio N's interface starts (if allowed) or stops; read what each runs");

/* "FREQ [WIDTH CENTER]" into a channel definition; false if malformed. */
static bool regsim_parse_chandef(const char *val, struct regcore_chandef *cd)
{
	u32 mhz = 20;
	int n;

	n = sscanf(val, "%u %u %u", &cd->center_freq, &mhz, &cd->center_freq1);
	if (n != 1 && n != 3)
		return false;
	if (n == 1)
		cd->center_freq1 = cd->center_freq;
	switch (mhz) {
	case 20:
		cd->width = NL80211_CHAN_WIDTH_20_NOHT;
		return true;
	case 40:
		cd->width = NL80211_CHAN_WIDTH_40;
		return true;
	case 80:
		cd->width = NL80211_CHAN_WIDTH_80;
		return true;
	case 160:
		cd->width = NL80211_CHAN_WIDTH_160;
		return true;
	default:
		return false;
	}
}

/* radar: the radio heard radar. */
static int regsim_set_radar(const char *val, const struct kernel_param *kp)
{
	struct regcore_chandef cd;
	struct regsim_radio *radio;
	const char *rest;
	int err = -EINVAL;

	mutex_lock(&regsim_lock);
	radio = regsim_parse_radio(val, &rest);
	if (radio && regsim_parse_chandef(rest, &cd))
		err = regcore_radar_event(radio->wiphy, &cd);
	mutex_unlock(&regsim_lock);
	return err;
}

static const struct kernel_param_ops regsim_radar_ops = {
	.set = regsim_set_radar,
};
module_param_cb(radar, &regsim_radar_ops, NULL, 0200);
MODULE_PARM_DESC(radar, "Write \"N FREQ [WIDTH CENTER]\": radio N heard radar there");

/* cac: a channel availability check started, finished or aborted. */
static int regsim_set_cac(const char *val, const struct kernel_param *kp)
{
	static const struct {
		const char *word;
		enum nl80211_radar_event event;
	} events[] = {
		{ "start", NL80211_RADAR_CAC_STARTED },
		{ "finish", NL80211_RADAR_CAC_FINISHED },
		{ "abort", NL80211_RADAR_CAC_ABORTED },
	};
	struct regcore_chandef cd;
	struct regsim_radio *radio;
	const char *rest;
	char word[8];
	unsigned int i;
	int err = -EINVAL, n = 0;

	mutex_lock(&regsim_lock);
	radio = regsim_parse_radio(val, &rest);
	if (!radio || sscanf(rest, "%7s %n", word, &n) != 1 || !n ||
	    !regsim_parse_chandef(rest + n, &cd))
		goto out;
	for (i = 0; i < ARRAY_SIZE(events); i++)
		if (!strcmp(word, events[i].word))
			err = regcore_cac_event(radio->wiphy, &cd,
						events[i].event);
out:
	mutex_unlock(&regsim_lock);
	return err;
}

static const struct kernel_param_ops regsim_cac_ops = {
	.set = regsim_set_cac,
};
module_param_cb(cac, &regsim_cac_ops, NULL, 0200);
MODULE_PARM_DESC(cac, "Write \"N start|finish|abort FREQ [WIDTH CENTER]\": radio N's CAC");

/* register_race: two threads register one radio at once. */
struct regsim_racer {
	struct regcore_wiphy *wiphy;
	struct completion *go;
	struct completion done;
	int err;
};

static int regsim_racer_fn(void *data)
{
	struct regsim_racer *r = data;

	wait_for_completion(r->go);
	r->err = regcore_wiphy_register(r->wiphy);
	complete(&r->done);
	/* Stay until kthread_stop(), which must find the thread alive. */
	while (!kthread_should_stop()) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (!kthread_should_stop())
			schedule();
		__set_current_state(TASK_RUNNING);
	}
	return 0;
}

static int regsim_race_round(struct regsim_radio *radio)
{
	struct regsim_racer racers[2];
	struct task_struct *tasks[2];
	DECLARE_COMPLETION_ONSTACK(go);
	struct regcore_wiphy *wiphy;
	int i, ok = 0;

	wiphy = regsim_wiphy_new(radio);
	if (!wiphy)
		return -ENOMEM;
	for (i = 0; i < 2; i++) {
		racers[i] = (struct regsim_racer){ .wiphy = wiphy, .go = &go,
						   .err = -EINPROGRESS };
		init_completion(&racers[i].done);
		tasks[i] = kthread_run(regsim_racer_fn, &racers[i],
				       "regsim-race%d", i);
		if (IS_ERR(tasks[i])) {
			racers[i].err = PTR_ERR(tasks[i]);
			tasks[i] = NULL;
		}
	}
	complete_all(&go);
	for (i = 0; i < 2; i++) {
		if (!tasks[i])
			continue;
		wait_for_completion(&racers[i].done);
		kthread_stop(tasks[i]);
		ok += !racers[i].err;
	}
	if (READ_ONCE(wiphy->registered))
		regcore_wiphy_unregister(wiphy);
	regcore_wiphy_free(wiphy);
	if (ok > 1)
		pr_err("register_race: both concurrent registrations of one radio succeeded\n");
	return ok > 1 ? -EIO : 0;
}

static int regsim_set_register_race(const char *val,
				    const struct kernel_param *kp)
{
	struct regsim_radio *radio;
	unsigned int rounds, i;
	int err;

	err = kstrtouint(val, 0, &rounds);
	if (err || !rounds || rounds > 100000)
		return -EINVAL;
	radio = kzalloc(sizeof(*radio), GFP_KERNEL);
	if (!radio)
		return -ENOMEM;
	for (i = 0; i < rounds && !err; i++)
		err = regsim_race_round(radio);
	kfree(radio);
	if (!err)
		pr_info("register_race: %u rounds, never two registrations of one radio\n",
			rounds);
	return err;
}

static const struct kernel_param_ops regsim_register_race_ops = {
	.set = regsim_set_register_race,
};
module_param_cb(register_race, &regsim_register_race_ops, NULL, 0200);
MODULE_PARM_DESC(register_race, "Write ROUNDS: register one radio from two threads at once, ROUNDS times");

/* spare: radios added and removed at run time. */
static int regsim_spare_add(const char *args)
{
	struct regsim_setup s = {};
	struct regsim_radio *radio;
	char word[16], alpha2[3];
	int n, err;

	lockdep_assert_held(&regsim_lock);
	while (sscanf(args, " %15s%n", word, &n) == 1) {
		args += n;
		if (!strcmp(word, "custom")) {
			s.regd = &regsim_custom_01;
		} else if (!strcmp(word, "strict")) {
			s.strict = true;
		} else if (!strcmp(word, "ieignore")) {
			s.ie_ignore = true;
		} else if (!strcmp(word, "nobeacon")) {
			s.more_flags |= REGCORE_REG_DISABLE_BEACON_HINTS;
		} else if (!strcmp(word, "beaconnotify")) {
			s.more_flags |= REGCORE_REG_CHANNEL_CHANGE_ON_BEACON;
		} else if (!strcmp(word, "selfmanaged")) {
			s.self_managed = true;
		} else if (!strcmp(word, "notifybydriver")) {
			s.more_flags |= REGCORE_REG_NOTIFY_REGDOM_BY_DRIVER;
		} else if (!strcmp(word, "cellbase")) {
			s.more_flags |= REGCORE_REG_CELL_BASE_HINTS;
		} else if (!strcmp(word, "relax")) {
			s.more_flags |= REGCORE_REG_ENABLE_RELAX_NO_IR;
		} else if (strlen(word) == 2 && !s.alpha2) {
			memcpy(alpha2, word, sizeof(alpha2));
			s.alpha2 = alpha2;
		} else {
			return -EINVAL;
		}
	}
	if (regsim_n_spares >= REGSIM_MAX_RADIOS)
		return -ENOSPC;
	radio = kzalloc(sizeof(*radio), GFP_KERNEL);
	if (!radio)
		return -ENOMEM;
	err = regsim_radio_setup(radio, &s, REGSIM_MAX_RADIOS + regsim_n_spares);
	if (err) {
		regsim_radio_del(radio);
		kfree(radio);
		return err;
	}
	regsim_spares[regsim_n_spares++] = radio;
	return 0;
}

static void regsim_spare_del(void)
{
	struct regsim_radio *radio;

	lockdep_assert_held(&regsim_lock);
	if (!regsim_n_spares)
		return;
	radio = regsim_spares[--regsim_n_spares];
	regsim_radio_del(radio);
	kfree(radio);
}

static int regsim_set_spare(const char *val, const struct kernel_param *kp)
{
	int err = 0;

	mutex_lock(&regsim_lock);
	if (!regsim_radios)
		err = -ENODEV;
	else if (!strncmp(val, "add", 3))
		err = regsim_spare_add(val + 3);
	else if (sysfs_streq(val, "del") && regsim_n_spares)
		regsim_spare_del();
	else
		err = -EINVAL;
	mutex_unlock(&regsim_lock);
	return err;
}

static const struct kernel_param_ops regsim_spare_ops = {
	.set = regsim_set_spare,
};
module_param_cb(spare, &regsim_spare_ops, NULL, 0200);
MODULE_PARM_DESC(spare, "Write \"add [custom] [strict] [ieignore] [nobeacon] [beaconnotify] [selfmanaged] [notifybydriver] [cellbase] [relax] [XX]\" or \"del\": one more radio, or one less");

static int __init regsim_init(void)
{
	int i, err;

	if (radios < 1 || radios > REGSIM_MAX_RADIOS) {
		pr_err("radios=%d: must be 1 to %d\n", radios,
		       REGSIM_MAX_RADIOS);
		return -EINVAL;
	}
	if (regtest < REGSIM_REGTEST_DISABLED || regtest > REGSIM_REGTEST_ALL) {
		pr_err("regtest=%d: must be 0 to %d\n", regtest,
		       REGSIM_REGTEST_ALL);
		return -EINVAL;
	}
	mutex_lock(&regsim_lock);
	regsim_radios = kcalloc(radios, sizeof(*regsim_radios), GFP_KERNEL);
	if (!regsim_radios) {
		err = -ENOMEM;
		goto out;
	}
	for (i = 0; i < radios; i++) {
		err = regsim_radio_add(&regsim_radios[i], i);
		if (err)
			goto out_del;
		regsim_n_radios = i + 1;
	}
	mutex_unlock(&regsim_lock);
	return 0;

out_del:
	while (--i >= 0)
		regsim_radio_del(&regsim_radios[i]);
	kfree(regsim_radios);
	regsim_radios = NULL;
	regsim_n_radios = 0;
out:
	mutex_unlock(&regsim_lock);
	return err;
}

static void __exit regsim_exit(void)
{
	int i;

	mutex_lock(&regsim_lock);
	while (regsim_n_spares)
		regsim_spare_del();
	for (i = 0; i < regsim_n_radios; i++)
		regsim_radio_del(&regsim_radios[i]);
	kfree(regsim_radios);
	regsim_radios = NULL;
	regsim_n_radios = 0;
	mutex_unlock(&regsim_lock);
}

module_init(regsim_init);
module_exit(regsim_exit);

MODULE_DESCRIPTION("Simulated radios for regcore, with mac80211_hwsim's channels");
MODULE_AUTHOR("regcore developers");
MODULE_LICENSE("GPL");
