/* SPDX-License-Identifier: GPL-2.0 */
/*
 * regcore: the in-kernel API for wireless drivers.
 *
 * A driver describes each radio as a &struct regcore_wiphy (bands, channels,
 * regulatory flags, an optional notifier), registers it, and from then on
 * regcore keeps every channel's flags and power limits in line with the
 * regulatory domain in force. Drivers that know their country say so with
 * regulatory_hint(); drivers that see an 802.11d country element pass it
 * to regcore_country_ie_hint(); beacons of access points heard on a
 * channel go to regcore_beacon_hint(); when its stations have disconnected
 * the driver says so with regcore_hint_disconnect(). Radios whose
 * firmware decides their domain are self-managed: their driver gives the
 * domain with regcore_set_wiphy_regd().
 *
 * Do not include this header together with <net/cfg80211.h>: regcore is a
 * separate regulatory core and reuses some of cfg80211's function names
 * for the driver's convenience (regulatory_hint()).
 *
 * Units everywhere: frequencies of rules in kHz, centre frequencies of
 * channels in MHz plus a kHz offset (sub-GHz channels), rule power in mBm
 * (100 * dBm), rule antenna gain in mBi (100 * dBi), channel power in dBm,
 * channel antenna gain in dBi, times in ms. Rule flags are nl80211's
 * NL80211_RRF_*.
 */
#ifndef _NET_REGCORE_H
#define _NET_REGCORE_H

#include <linux/bits.h>
#include <linux/list.h>
#include <linux/nl80211.h>
#include <linux/rcupdate.h>
#include <linux/types.h>

#define REGCORE_MHZ_TO_KHZ(freq)	((freq) * 1000)
#define REGCORE_KHZ_TO_MHZ(freq)	((freq) / 1000)
#define REGCORE_DBI_TO_MBI(gain)	((gain) * 100)
#define REGCORE_MBI_TO_DBI(gain)	((gain) / 100)
#define REGCORE_DBM_TO_MBM(power)	((power) * 100)
#define REGCORE_MBM_TO_DBM(power)	((power) / 100)

/**
 * struct regcore_freq_range - the frequencies a rule covers
 * @start_freq_khz: lower edge, kHz
 * @end_freq_khz: upper edge, kHz
 * @max_bandwidth_khz: widest channel allowed inside the range, kHz
 */
struct regcore_freq_range {
	u32 start_freq_khz;
	u32 end_freq_khz;
	u32 max_bandwidth_khz;
};

/**
 * struct regcore_power_rule - the power a rule allows
 * @max_antenna_gain: maximum antenna gain, mBi (0: not specified)
 * @max_eirp: maximum EIRP, mBm
 */
struct regcore_power_rule {
	u32 max_antenna_gain;
	u32 max_eirp;
};

/* Access categories of a WMM rule, in nl80211's order (VO, VI, BE, BK). */
#define REGCORE_NUM_ACS		4

/**
 * struct regcore_wmm_ac - the contention limits of one access category
 * @cw_min: smallest contention window allowed (2^n - 1)
 * @cw_max: largest contention window allowed (2^n - 1)
 * @aifsn: smallest arbitration inter-frame space number allowed
 * @cot: longest channel occupancy time, us
 */
struct regcore_wmm_ac {
	u16 cw_min;
	u16 cw_max;
	u8 aifsn;
	u16 cot;
};

/**
 * struct regcore_wmm_rule - a rule's WMM limits (ETSI EN 301 893)
 * @client: for stations, per access category
 * @ap: for access points, per access category
 */
struct regcore_wmm_rule {
	struct regcore_wmm_ac client[REGCORE_NUM_ACS];
	struct regcore_wmm_ac ap[REGCORE_NUM_ACS];
};

/**
 * struct regcore_reg_rule - one rule of a regulatory domain
 * @freq_range: frequencies and maximum bandwidth
 * @power_rule: power limits
 * @flags: NL80211_RRF_* flags
 * @dfs_cac_ms: DFS channel availability check time, ms (0: the default,
 *	%REGCORE_DFS_MIN_CAC_TIME_MS)
 * @has_wmm: @wmm_rule holds limits; only the firmware database gives
 *	them (NL80211_CMD_SET_REG has no attribute for them)
 * @wmm_rule: the WMM limits, when @has_wmm
 */
struct regcore_reg_rule {
	struct regcore_freq_range freq_range;
	struct regcore_power_rule power_rule;
	u32 flags;
	u32 dfs_cac_ms;
	bool has_wmm;
	struct regcore_wmm_rule wmm_rule;
};

/* The CAC time a radar channel gets when its rule does not name one. */
#define REGCORE_DFS_MIN_CAC_TIME_MS	60000

/**
 * struct regcore_regdomain - a regulatory domain
 * @rcu_head: for freeing after a grace period
 * @n_reg_rules: number of entries in @reg_rules (1 to
 *	NL80211_MAX_SUPP_REG_RULES)
 * @alpha2: ISO 3166-1 alpha2 country code, "00" for the world domain,
 *	"98" for an intersection, "99" for a driver's custom domain; NUL
 *	terminated
 * @dfs_region: enum nl80211_dfs_regions
 * @reg_rules: the rules, sorted by frequency
 */
struct regcore_regdomain {
	struct rcu_head rcu_head;
	u32 n_reg_rules;
	char alpha2[3];
	u8 dfs_region;
	struct regcore_reg_rule reg_rules[];
};

/**
 * REGCORE_RULE - initialise a &struct regcore_reg_rule from MHz and dB
 * @start: lower edge, MHz
 * @end: upper edge, MHz
 * @bw: maximum bandwidth, MHz
 * @gain: maximum antenna gain, dBi
 * @eirp: maximum EIRP, dBm
 * @rule_flags: NL80211_RRF_* flags
 */
#define REGCORE_RULE(start, end, bw, gain, eirp, rule_flags) {		\
	.freq_range.start_freq_khz = REGCORE_MHZ_TO_KHZ(start),	\
	.freq_range.end_freq_khz = REGCORE_MHZ_TO_KHZ(end),		\
	.freq_range.max_bandwidth_khz = REGCORE_MHZ_TO_KHZ(bw),		\
	.power_rule.max_antenna_gain = REGCORE_DBI_TO_MBI(gain),	\
	.power_rule.max_eirp = REGCORE_DBM_TO_MBM(eirp),		\
	.flags = (rule_flags),						\
	.dfs_cac_ms = 0,						\
}

/**
 * enum regcore_channel_flags - what a channel may be used for
 * @REGCORE_CHAN_DISABLED: the channel may not be used at all
 * @REGCORE_CHAN_NO_IR: no initiating radiation (no beaconing, probing, IBSS)
 * @REGCORE_CHAN_RADAR: radar detection (DFS) is required
 * @REGCORE_CHAN_NO_HT40PLUS: no HT40 with the secondary channel above
 * @REGCORE_CHAN_NO_HT40MINUS: no HT40 with the secondary channel below
 * @REGCORE_CHAN_NO_OFDM: OFDM is not allowed (802.11b only)
 * @REGCORE_CHAN_NO_80MHZ: no 80 MHz channel may use this channel
 * @REGCORE_CHAN_NO_160MHZ: no 160 MHz channel may use this channel
 * @REGCORE_CHAN_INDOOR_ONLY: only indoor operation is allowed
 * @REGCORE_CHAN_IR_CONCURRENT: initiating radiation allowed while another
 *	interface operates on a channel where it is allowed
 * @REGCORE_CHAN_NO_20MHZ: 20 MHz does not fit
 * @REGCORE_CHAN_NO_10MHZ: 10 MHz does not fit
 * @REGCORE_CHAN_NO_HE: HE is not allowed
 * @REGCORE_CHAN_NO_320MHZ: no 320 MHz channel may use this channel
 * @REGCORE_CHAN_NO_EHT: EHT is not allowed
 * @REGCORE_CHAN_PSD: the rule states a power spectral density (the value
 *	is reported as 0 dBm: neither SET_REG nor a regcore domain carries
 *	one, as nl80211's SET_REG carries none)
 * @REGCORE_CHAN_DFS_CONCURRENT: peer-to-peer use under a DFS master on
 *	the same channel is allowed
 * @REGCORE_CHAN_NO_6GHZ_VLP_CLIENT: no client of a very low power AP
 * @REGCORE_CHAN_NO_6GHZ_AFC_CLIENT: no client of an AFC AP
 * @REGCORE_CHAN_ALLOW_6GHZ_VLP_AP: a very low power AP despite NO_IR
 * @REGCORE_CHAN_ALLOW_20MHZ_ACTIVITY: 20 MHz activity despite NO_IR
 * @REGCORE_CHAN_1MHZ: on the S1G band, the width the rule allows around
 *	this channel is 1 MHz
 * @REGCORE_CHAN_2MHZ: likewise 2 MHz
 * @REGCORE_CHAN_4MHZ: likewise 4 MHz
 * @REGCORE_CHAN_8MHZ: likewise 8 MHz
 * @REGCORE_CHAN_16MHZ: likewise 16 MHz
 *
 * On the S1G band (%NL80211_BAND_S1GHZ) channels do not overlap: the
 * width a channel gets is the widest, up to the rule's bandwidth and
 * halving from it, whose channels tile the rule's range from its lower
 * edge with this channel among them; a channel that no such width
 * reaches, 1 MHz included, is disabled. There the rule's bandwidth sets
 * none of the NO_HT40 to NO_320MHZ flags, and NO_10MHZ and NO_20MHZ say
 * only whether 10 and 20 MHz fit the rule's range (cfg80211's
 * reg_rule_to_chan_bw_flags()). A channel that two adjacent rules hold
 * together, or a strict radio's channel under a later domain, can carry
 * two widths, as in cfg80211; regcore_s1g_channel_width() names the
 * narrower. regcore_reg_can_beacon() judges an S1G channel at that width.
 *
 * A rule sets NO_EHT and the six after it only on kernels whose nl80211
 * has the matching NL80211_RRF_* flag (the 6.12 series, ALLOW_20MHZ_ACTIVITY
 * from 6.12.31; the top Kbuild tests the kernel's nl80211.h, see
 * net/regcore/compat.h), and only there are the six reported; NO_EHT is
 * reported on every kernel, as nl80211 does when a driver sets it.
 */
enum regcore_channel_flags {
	REGCORE_CHAN_DISABLED		= BIT(0),
	REGCORE_CHAN_NO_IR		= BIT(1),
	REGCORE_CHAN_RADAR		= BIT(2),
	REGCORE_CHAN_NO_HT40PLUS	= BIT(3),
	REGCORE_CHAN_NO_HT40MINUS	= BIT(4),
	REGCORE_CHAN_NO_OFDM		= BIT(5),
	REGCORE_CHAN_NO_80MHZ		= BIT(6),
	REGCORE_CHAN_NO_160MHZ		= BIT(7),
	REGCORE_CHAN_INDOOR_ONLY	= BIT(8),
	REGCORE_CHAN_IR_CONCURRENT	= BIT(9),
	REGCORE_CHAN_NO_20MHZ		= BIT(10),
	REGCORE_CHAN_NO_10MHZ		= BIT(11),
	REGCORE_CHAN_NO_HE		= BIT(12),
	REGCORE_CHAN_NO_320MHZ		= BIT(13),
	REGCORE_CHAN_NO_EHT		= BIT(14),
	REGCORE_CHAN_PSD		= BIT(15),
	REGCORE_CHAN_DFS_CONCURRENT	= BIT(16),
	REGCORE_CHAN_NO_6GHZ_VLP_CLIENT	= BIT(17),
	REGCORE_CHAN_NO_6GHZ_AFC_CLIENT	= BIT(18),
	REGCORE_CHAN_ALLOW_6GHZ_VLP_AP	= BIT(19),
	REGCORE_CHAN_ALLOW_20MHZ_ACTIVITY = BIT(20),
	REGCORE_CHAN_1MHZ		= BIT(21),
	REGCORE_CHAN_2MHZ		= BIT(22),
	REGCORE_CHAN_4MHZ		= BIT(23),
	REGCORE_CHAN_8MHZ		= BIT(24),
	REGCORE_CHAN_16MHZ		= BIT(25),
};

#define REGCORE_CHAN_NO_HT40 (REGCORE_CHAN_NO_HT40PLUS | REGCORE_CHAN_NO_HT40MINUS)

/**
 * struct regcore_channel - one channel of a band
 * @center_freq: centre frequency, MHz (set by the driver)
 * @freq_offset: what the centre lies above @center_freq, kHz, 0 to 999
 *	(set by the driver; sub-GHz channels are 500 kHz apart: 902.5 MHz is
 *	@center_freq 902, @freq_offset 500)
 * @hw_value: the driver's own value for the channel (set by the driver)
 * @flags: REGCORE_CHAN_* in force. Before registration the driver sets the
 *	restrictions of its hardware; regcore keeps them and adds the
 *	regulatory ones on every change.
 * @max_antenna_gain: maximum antenna gain in force, dBi. What the driver
 *	puts here before registration is not a limit: as in cfg80211, only
 *	the regulatory rules limit the antenna gain.
 * @max_power: maximum transmit power in force, dBm. Before registration:
 *	the hardware's limit (0: none).
 * @max_reg_power: maximum power the regulatory rule allows, dBm
 * @dfs_cac_ms: CAC time of a radar channel, ms
 * @band: the band, set by regcore at registration (and by
 *	regcore_apply_custom_regulatory())
 * @orig_flags: the flags at registration (private to regcore)
 * @orig_mag: the antenna gain limit of the radio itself, INT_MAX (none)
 *	unless a strict driver's own domain set one (private to regcore)
 * @orig_mpwr: the power limit at registration (private to regcore)
 * @dfs_state: the DFS state of a radar channel (enum nl80211_dfs_state:
 *	usable, unavailable after a radar, available after a CAC), kept by
 *	regcore (read it under regcore_wiphy_lock())
 * @dfs_state_entered: jiffies of the last change of @dfs_state (private to
 *	regcore)
 * @beacon_found: a beacon heard on this channel was applied since the
 *	channel was last computed (private to regcore; written under its
 *	lock, read without it by regcore_beacon_hint())
 * @beacon_lifted: that beacon lifted NO_IR (private to regcore; under its
 *	lock)
 *
 * The driver reads the values in force from its reg_notifier, or at any
 * time under regcore_wiphy_lock().
 */
struct regcore_channel {
	u32 center_freq;
	u16 freq_offset;
	u16 hw_value;
	u32 flags;
	int max_antenna_gain;
	int max_power;
	int max_reg_power;
	u32 dfs_cac_ms;
	enum nl80211_band band;
	u32 orig_flags;
	int orig_mag;
	int orig_mpwr;
	enum nl80211_dfs_state dfs_state;
	unsigned long dfs_state_entered;
	bool beacon_found;
	bool beacon_lifted;
};

/**
 * struct regcore_band - the channels of one band
 * @channels: array of @n_channels channels
 * @n_channels: number of channels
 * @ht_cap: HT capability information field, as in
 *	NL80211_BAND_ATTR_HT_CAPA (reported only when @ht_supported)
 * @ht_supported: the radio supports HT on this band
 * @vht_cap: VHT capability information field, as in
 *	NL80211_BAND_ATTR_VHT_CAPA (reported only when @vht_supported)
 * @vht_supported: the radio supports VHT on this band
 */
struct regcore_band {
	struct regcore_channel *channels;
	int n_channels;
	u16 ht_cap;
	bool ht_supported;
	u32 vht_cap;
	bool vht_supported;
};

/**
 * struct regcore_chandef - a channel and the width a radio uses around it
 * @center_freq: the control channel's centre, MHz: a channel of the radio
 * @width: enum nl80211_chan_width: %NL80211_CHAN_WIDTH_20_NOHT,
 *	%NL80211_CHAN_WIDTH_20, _40, _80 or _160 (DFS is a 5 GHz matter:
 *	80+80 and 320 MHz are not taken)
 * @center_freq1: the centre of the whole width, MHz (@center_freq at
 *	20 MHz)
 *
 * cfg80211's struct cfg80211_chan_def, for the DFS calls: the radar
 * channels of the width are the 20 MHz channels from
 * @center_freq1 - width / 2 + 10 to @center_freq1 + width / 2 - 10.
 */
struct regcore_chandef {
	u32 center_freq;
	enum nl80211_chan_width width;
	u32 center_freq1;
};

/**
 * enum regcore_regulatory_flags - how a radio takes part in regulation
 * @REGCORE_REG_CUSTOM_REG: the driver applies its own domain with
 *	regcore_apply_custom_regulatory() before registration and cannot
 *	name a country; the core's world hints leave the radio alone.
 *	regulatory_hint() clears it: the driver has learned its country.
 * @REGCORE_REG_STRICT_REG: the domain the driver asks for with
 *	regulatory_hint() is the superset for this radio: later hints can
 *	only restrict it further. Until that domain is known, only world
 *	updates and country elements apply.
 * @REGCORE_REG_COUNTRY_IE_IGNORE: country elements do not change this
 *	radio's domain.
 * @REGCORE_REG_COUNTRY_IE_FOLLOW_POWER: with a country element in force the
 *	radio uses the domain's power even above its own original limit.
 * @REGCORE_REG_DISABLE_BEACON_HINTS: beacons heard (regcore_beacon_hint(),
 *	from any radio) never lift NO_IR on this radio's channels.
 * @REGCORE_REG_CHANNEL_CHANGE_ON_BEACON: the radio's notifier also runs
 *	when a beacon hint lifts NO_IR on one of its channels (cfg80211's
 *	WIPHY_FLAG_CHANNEL_CHANGE_ON_BEACON, which 6.12 has and 6.1 lacks).
 * @REGCORE_REG_WIPHY_SELF_MANAGED: the radio's firmware decides its
 *	domain, which the driver gives with regcore_set_wiphy_regd(); no
 *	hint changes the radio's channels. Its notifier hears of user hints
 *	(so the driver can pass the country on), and of nothing else. Not
 *	with CUSTOM_REG, STRICT_REG or the COUNTRY_IE flags (registration
 *	refuses them); registration adds DISABLE_BEACON_HINTS and
 *	COUNTRY_IE_IGNORE, as cfg80211 does.
 * @REGCORE_REG_NOTIFY_REGDOM_BY_DRIVER: a self-managed radio's notifier
 *	also runs when the domain its driver gave is applied, with initiator
 *	driver, the domain's alpha2 and the radio (cfg80211's
 *	WIPHY_FLAG_NOTIFY_REGDOM_BY_DRIVER, which 6.12 has and 6.1 lacks).
 *	A notifier must not give a domain again for such a call.
 * @REGCORE_REG_CELL_BASE_HINTS: the radio follows a country a cellular
 *	base station gave (a user hint of type
 *	%NL80211_USER_REG_HINT_CELL_BASE), where regcore takes such hints
 *	(module parameter cell_base_hints); a radio without it keeps its
 *	channels while such a request is the last one, pending or in force,
 *	and one registered meanwhile keeps its driver's channels (cfg80211's
 *	%NL80211_FEATURE_CELL_BASE_REG_HINTS and ignore_reg_update()). A
 *	restore puts the country back as a user's, which every radio
 *	follows.
 * @REGCORE_REG_ENABLE_RELAX_NO_IR: regcore_reg_can_beacon_relax() may
 *	allow this radio to initiate radiation on a NO_IR channel where a
 *	regulator allows it (indoors, on an INDOOR_ONLY channel, while
 *	userspace says the device is indoors), where regcore makes such
 *	relaxations at all (module parameter relax_no_ir): cfg80211's
 *	REGULATORY_ENABLE_RELAX_NO_IR.
 */
enum regcore_regulatory_flags {
	REGCORE_REG_CUSTOM_REG			= BIT(0),
	REGCORE_REG_STRICT_REG			= BIT(1),
	REGCORE_REG_COUNTRY_IE_IGNORE		= BIT(2),
	REGCORE_REG_COUNTRY_IE_FOLLOW_POWER	= BIT(3),
	REGCORE_REG_DISABLE_BEACON_HINTS	= BIT(4),
	REGCORE_REG_CHANNEL_CHANGE_ON_BEACON	= BIT(5),
	REGCORE_REG_WIPHY_SELF_MANAGED		= BIT(6),
	REGCORE_REG_NOTIFY_REGDOM_BY_DRIVER	= BIT(7),
	REGCORE_REG_CELL_BASE_HINTS		= BIT(8),
	REGCORE_REG_ENABLE_RELAX_NO_IR		= BIT(9),
};

/**
 * enum regcore_environment - where a country element's rules apply
 * @REGCORE_ENVIRON_ANY: indoors and outdoors (the element's third byte is
 *	neither 'I' nor 'O'), or the request is not a country element's
 * @REGCORE_ENVIRON_INDOOR: indoors only (third byte 'I')
 * @REGCORE_ENVIRON_OUTDOOR: outdoors only (third byte 'O')
 *
 * cfg80211's enum environment_cap, the same values.
 */
enum regcore_environment {
	REGCORE_ENVIRON_ANY,
	REGCORE_ENVIRON_INDOOR,
	REGCORE_ENVIRON_OUTDOOR,
};

/**
 * struct regcore_request_info - a processed change, as the notifier sees it
 * @initiator: who asked (enum nl80211_reg_initiator)
 * @alpha2: the country asked for, NUL terminated
 * @wiphy_idx: index of the radio whose driver or country element gave the
 *	hint, U32_MAX for none
 * @intersect: the domain in force is an intersection
 * @dfs_region: DFS region of the domain in force
 * @user_reg_hint_type: for a user hint, what gave it:
 *	%NL80211_USER_REG_HINT_USER, or %NL80211_USER_REG_HINT_CELL_BASE for
 *	a cellular base station
 * @country_ie_env: for a country element's request, the environment the
 *	element named; %REGCORE_ENVIRON_ANY for any other request, and once
 *	the radio that saw the element is unregistered (cfg80211's
 *	country_ie_env and wiphy_regulatory_deregister())
 */
struct regcore_request_info {
	enum nl80211_reg_initiator initiator;
	char alpha2[3];
	u32 wiphy_idx;
	bool intersect;
	u8 dfs_region;
	enum nl80211_user_reg_hint_type user_reg_hint_type;
	enum regcore_environment country_ie_env;
};

struct regcore_wiphy;

/**
 * typedef regcore_notifier_t - called once after each regulatory change
 * @wiphy: the radio whose channels were recomputed
 * @info: the change
 *
 * Called from process context with regcore's state lock held: it may read
 * the channels but must not call back into regcore, but for
 * regcore_set_wiphy_regd(), regcore_set_wiphy_regd_sync(),
 * regcore_reg_can_beacon(), regcore_reg_can_beacon_relax(),
 * regcore_radar_event() and regcore_cac_event(). The same holds for the
 * radio's other callbacks (check_channels, end_cac, dfs_chan_in_use).
 *
 * A self-managed radio's notifier (%REGCORE_REG_WIPHY_SELF_MANAGED) is
 * called for other reasons: for each user hint, before regcore decides
 * it (its channels are not recomputed: the driver passes the country on
 * to its firmware); at registration, from within regcore_wiphy_register(),
 * when the request in force is the user's (a cellular base station's
 * hints included, whatever cell_base_hints and the radio's flags: check
 * @user_reg_hint_type); and, with
 * %REGCORE_REG_NOTIFY_REGDOM_BY_DRIVER, when the domain its driver gave is
 * applied.
 */
typedef void (*regcore_notifier_t)(struct regcore_wiphy *wiphy,
				   const struct regcore_request_info *info);

/**
 * struct regcore_wiphy - a radio under regcore's regulation
 * @bands: the radio's bands, indexed by enum nl80211_band (set by driver)
 * @regulatory_flags: REGCORE_REG_* (set by the driver before registration)
 * @reg_notifier: optional, called once per change (set by the driver)
 * @check_channels: optional (set by the driver before registration, and
 *	left alone while registered): what the radio's
 *	interfaces do may no longer be allowed (the rules changed, or the
 *	indoor setting ended): check each that initiates radiation with
 *	regcore_reg_can_beacon_relax(), and that a station's channel is not
 *	disabled, and leave what is not allowed, as cfg80211's
 *	reg_leave_invalid_chans() does for its interfaces. Called from a work
 *	item once changes have stopped for the grace period (module
 *	parameter enforce_grace_ms, 60 s by default, as cfg80211), so that
 *	userspace can move first; with regcore's state lock held, under the
 *	rules of @reg_notifier: a disconnect it causes is reported later,
 *	from the driver's own work. A driver checks before it starts an
 *	interface, and records it as started, under one
 *	regcore_wiphy_lock(), so that no check passes in between.
 * @end_cac: optional (set by the driver before registration): the channel
 *	availability check the driver reported started (regcore_cac_event())
 *	is of no use any more, because another radio of the same DFS region
 *	found radar on one of its channels, or finished a check that made
 *	them all available: stop it, as cfg80211's rdev_end_cac(). regcore
 *	counts the check as ended: a result reported for it afterwards is
 *	refused with -EINVAL. Called with regcore's state lock held, under
 *	the rules of @reg_notifier, from within the other radio's driver's
 *	regcore_radar_event() or regcore_cac_event(): no driver may hold a
 *	lock that any radio's DFS callbacks take while it reports.
 * @dfs_chan_in_use: optional (set by the driver before registration): does
 *	one of the radio's interfaces operate on the channel at @center_freq
 *	(MHz): any 20 MHz channel its operating width spans, or one a
 *	background (off-channel) CAC listens on (cfg80211's
 *	cfg80211_any_wiphy_oper_chan())? Where pre-CAC is not allowed (the
 *	DFS region is not ETSI), an
 *	available channel no interface of a radio of the same DFS region
 *	uses becomes usable
 *	again 2 s after it became available, as cfg80211's
 *	cfg80211_dfs_channels_update_work(): a radio without this callback
 *	counts as using none. Called with regcore's state lock held, under
 *	the rules of @reg_notifier, from a work item.
 * @priv: for the driver
 * @idx: index, assigned at registration, reported as NL80211_ATTR_WIPHY
 * @name: name, assigned at registration ("rphy<idx>")
 * @list: entry in regcore's list of radios (private)
 * @regd: the domain this radio keeps for itself (private): the driver's
 *	custom domain, the answer to its own hint, or a self-managed radio's
 *	domain from its driver. RCU: written under regcore's lock, read
 *	under it or rcu_read_lock().
 * @registered: the radio is on regcore's list (private)
 * @ie_alpha2: the country of the radio's last country element queued
 *	(private; with @ie_gen, under regcore's hint queue lock)
 * @ie_gen: the restore generation @ie_alpha2 was queued in (private)
 * @associated: the radio reported a country element since its last
 *	regcore_hint_disconnect() (private; written without a lock, read
 *	under regcore's lock)
 * @requested_regd: a self-managed radio's domain from its driver, not yet
 *	applied (private; under regcore's self-managed lock, selfmanaged.c)
 * @cac_started: the driver reported a channel availability check started
 *	and not yet finished or aborted (private; under regcore's lock)
 * @cac_chandef: where that check runs (private; under regcore's lock)
 * @cac_start: jiffies when it started (private; under regcore's lock)
 * @why: how its channels were last set, for REGCORE_OP_WHY (private;
 *	under regcore's lock, why.c)
 *
 * Allocate it with regcore_wiphy_new(), fill the driver fields, then
 * regcore_wiphy_register(). The bands and channels stay owned by the
 * driver and must outlive the registration. A radio is registered once:
 * after regcore_wiphy_unregister() it can only be freed.
 */
struct regcore_wiphy {
	struct regcore_band *bands[NUM_NL80211_BANDS];
	u32 regulatory_flags;
	regcore_notifier_t reg_notifier;
	void (*check_channels)(struct regcore_wiphy *wiphy);
	void (*end_cac)(struct regcore_wiphy *wiphy);
	bool (*dfs_chan_in_use)(struct regcore_wiphy *wiphy, u32 center_freq);
	void *priv;

	u32 idx;
	char name[16];
	struct list_head list;
	const struct regcore_regdomain __rcu *regd;
	bool registered;
	char ie_alpha2[2];
	unsigned int ie_gen;
	bool associated;
	const struct regcore_regdomain *requested_regd;
	bool cac_started;
	struct regcore_chandef cac_chandef;
	unsigned long cac_start;
	struct regcore_why *why;
};

/**
 * regcore_channel_to_khz() - a channel's centre frequency in kHz
 * @chan: the channel
 *
 * Return: @chan->center_freq in kHz plus @chan->freq_offset.
 */
static inline u32 regcore_channel_to_khz(const struct regcore_channel *chan)
{
	return REGCORE_MHZ_TO_KHZ(chan->center_freq) + chan->freq_offset;
}

/**
 * regcore_s1g_channel_width() - the width an S1G channel may use
 * @chan: a channel of the radio's %NL80211_BAND_S1GHZ band, read from the
 *	notifier or under regcore_wiphy_lock()
 *
 * The one width the domain in force allows there (REGCORE_CHAN_1MHZ to
 * REGCORE_CHAN_16MHZ), as cfg80211's ieee80211_s1g_channel_width().
 *
 * Return: %NL80211_CHAN_WIDTH_1 to %NL80211_CHAN_WIDTH_16;
 * %NL80211_CHAN_WIDTH_20_NOHT for a channel of another band; and, as
 * cfg80211 answers, %NL80211_CHAN_WIDTH_1 for an S1G channel with no
 * width (one no rule holds: check %REGCORE_CHAN_DISABLED first).
 */
static inline enum nl80211_chan_width
regcore_s1g_channel_width(const struct regcore_channel *chan)
{
	if (chan->band != NL80211_BAND_S1GHZ)
		return NL80211_CHAN_WIDTH_20_NOHT;
	/* the narrowest first, as cfg80211 (a strict radio's own width and a
	 * later domain's may both be set)
	 */
	if (chan->flags & REGCORE_CHAN_1MHZ)
		return NL80211_CHAN_WIDTH_1;
	if (chan->flags & REGCORE_CHAN_2MHZ)
		return NL80211_CHAN_WIDTH_2;
	if (chan->flags & REGCORE_CHAN_4MHZ)
		return NL80211_CHAN_WIDTH_4;
	if (chan->flags & REGCORE_CHAN_8MHZ)
		return NL80211_CHAN_WIDTH_8;
	if (chan->flags & REGCORE_CHAN_16MHZ)
		return NL80211_CHAN_WIDTH_16;
	return NL80211_CHAN_WIDTH_1;
}

struct regcore_wiphy *regcore_wiphy_new(void);
void regcore_wiphy_free(struct regcore_wiphy *wiphy);
int regcore_wiphy_register(struct regcore_wiphy *wiphy);
void regcore_wiphy_unregister(struct regcore_wiphy *wiphy);
int regcore_apply_custom_regulatory(struct regcore_wiphy *wiphy,
				    const struct regcore_regdomain *regd);
int regcore_regulatory_hint(struct regcore_wiphy *wiphy, const char *alpha2);
int regcore_country_ie_hint(struct regcore_wiphy *wiphy,
			    enum nl80211_band band,
			    const u8 *country_ie, u8 country_ie_len);
int regcore_freq_reg_info(struct regcore_wiphy *wiphy, u32 center_freq_khz,
			  struct regcore_reg_rule *rule);
int regcore_beacon_hint(struct regcore_wiphy *wiphy,
			struct regcore_channel *chan, gfp_t gfp);
int regcore_hint_disconnect(struct regcore_wiphy *wiphy);
bool regcore_reg_can_beacon(struct regcore_wiphy *wiphy,
			    const struct regcore_channel *chan,
			    enum nl80211_iftype iftype);
bool regcore_reg_can_beacon_relax(struct regcore_wiphy *wiphy,
				  const struct regcore_channel *chan,
				  enum nl80211_iftype iftype);
int regcore_radar_event(struct regcore_wiphy *wiphy,
			const struct regcore_chandef *chandef);
int regcore_cac_event(struct regcore_wiphy *wiphy,
		      const struct regcore_chandef *chandef,
		      enum nl80211_radar_event event);
int regcore_set_wiphy_regd(struct regcore_wiphy *wiphy,
			   const struct regcore_regdomain *rd);
int regcore_set_wiphy_regd_sync(struct regcore_wiphy *wiphy,
				const struct regcore_regdomain *rd);
void regcore_wiphy_lock(void);
void regcore_wiphy_unlock(void);

/**
 * regulatory_hint() - the driver knows the radio's country
 * @wiphy: a registered radio
 * @alpha2: ISO 3166-1 alpha2 country code (two letters, any case)
 *
 * The cfg80211 spelling of regcore_regulatory_hint(), so that drivers
 * read the same.
 *
 * Return: 0 when the hint was queued, a negative errno otherwise.
 */
static inline int regulatory_hint(struct regcore_wiphy *wiphy,
				  const char *alpha2)
{
	return regcore_regulatory_hint(wiphy, alpha2);
}

/**
 * regulatory_set_wiphy_regd() - a self-managed radio's domain, applied soon
 * @wiphy: a radio with %REGCORE_REG_WIPHY_SELF_MANAGED
 * @rd: the domain its firmware gave; copied
 *
 * The cfg80211 spelling of regcore_set_wiphy_regd().
 *
 * Return: 0 or a negative errno, as regcore_set_wiphy_regd().
 */
static inline int regulatory_set_wiphy_regd(struct regcore_wiphy *wiphy,
					    const struct regcore_regdomain *rd)
{
	return regcore_set_wiphy_regd(wiphy, rd);
}

/**
 * regulatory_set_wiphy_regd_sync() - a self-managed radio's domain, now
 * @wiphy: a radio with %REGCORE_REG_WIPHY_SELF_MANAGED
 * @rd: the domain its firmware gave; copied
 *
 * The cfg80211 spelling of regcore_set_wiphy_regd_sync().
 *
 * Context: regcore_wiphy_lock() held.
 * Return: 0 or a negative errno, as regcore_set_wiphy_regd_sync().
 */
static inline int
regulatory_set_wiphy_regd_sync(struct regcore_wiphy *wiphy,
			       const struct regcore_regdomain *rd)
{
	return regcore_set_wiphy_regd_sync(wiphy, rd);
}

#endif /* _NET_REGCORE_H */
