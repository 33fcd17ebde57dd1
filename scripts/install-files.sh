#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# make install and make uninstall: copy the listed files under DESTDIR, or
# remove them again. Both read the same list (INSTALL_FILES in mk/*.mk), so
# what uninstall removes is what install put there.
#
#   install-files.sh install ENTRY...
#   install-files.sh uninstall ENTRY...
#   install-files.sh list ENTRY...       the destinations, one a line
#
# ENTRY is MODE:SRC:DEST, a file (DEST is absolute and does not include
# DESTDIR), or dir:DEST, a directory that is regcore's own: uninstall
# removes the empty directories under it and it, once its files are gone.
# Every other directory (/etc, /sbin, the key directory, modprobe.d) stays.
# install prints "installed DEST" per file, uninstall "removed DEST" per
# file it removed.
#
# Files under /etc are configuration, the administrator's once installed:
# install never replaces one that differs from ours (it installs ours as
# DEST.regcore-new beside it and says so on stderr), and uninstall removes
# one only while it is the same as ours (else it leaves it and says so);
# DEST.regcore-new goes with uninstall while it is ours.
set -eu
me=install-files.sh
[ $# -ge 1 ] || { echo "usage: $me install|uninstall|list ENTRY..." >&2; exit 2; }
action=$1
shift
d=${DESTDIR:-}
case $action in
install | uninstall | list) ;;
*) echo "$me: unknown action '$action' (install, uninstall or list)" >&2; exit 2 ;;
esac
for e in "$@"; do
	case $e in
	dir:/*) continue ;;
	[0-7][0-7][0-7][0-7]:*:/*) ;;
	*) echo "$me: bad entry '$e' (MODE:SRC:/DEST or dir:/DEST)" >&2; exit 2 ;;
	esac
	mode=${e%%:*}
	rest=${e#*:}
	src=${rest%:*}
	dest=${rest##*:}
	case $action in
	list) echo "$dest" ;;
	install)
		if [ ! -f "$src" ]; then
			echo "$me: $src: no such file (to install as $dest)" >&2
			exit 1
		fi
		case $dest in
		/etc/*)
			if { [ -e "$d$dest" ] || [ -L "$d$dest" ]; } &&
				! cmp -s "$src" "$d$dest"; then
				install -D -m "$mode" "$src" "$d$dest.regcore-new"
				echo "installed $dest.regcore-new"
				echo "$me: $d$dest differs from regcore's (changed here?): kept; regcore's is $d$dest.regcore-new" >&2
				continue
			fi
			;;
		esac
		install -D -m "$mode" "$src" "$d$dest"
		echo "installed $dest"
		;;
	uninstall)
		case $dest in
		/etc/*)
			new=$d$dest.regcore-new
			if [ -f "$new" ] && cmp -s "$src" "$new"; then
				rm -f "$new"
				echo "removed $dest.regcore-new"
			fi
			if { [ -e "$d$dest" ] || [ -L "$d$dest" ]; } &&
				! cmp -s "$src" "$d$dest"; then
				echo "$me: $d$dest differs from regcore's $src (changed here?): left in place" >&2
				continue
			fi
			;;
		esac
		if [ -e "$d$dest" ] || [ -L "$d$dest" ]; then
			rm -f "$d$dest"
			echo "removed $dest"
		fi
		;;
	esac
done
[ "$action" = uninstall ] || exit 0
for e in "$@"; do
	case $e in
	dir:/*) dir=$d${e#dir:} ;;
	*) continue ;;
	esac
	[ -d "$dir" ] || continue
	# Deepest first, so that a directory emptied of directories goes too.
	find "$dir" -depth -type d -empty -exec rmdir {} \;
done
