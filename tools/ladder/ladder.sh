#!/bin/sh
# ladder.sh: measures the bundled engine's SkillLevel ladder (issue 16) by self-play between
# adjacent levels, and optionally anchors levels against Fairy-Stockfish's Skill Level.
#
#   tools/ladder/ladder.sh [-g GAMES] [-t TC] [-o DIR] [-a] [FROM [TO]]
#
# plays SkillLevel L against L+1 for L = FROM..TO-1 (default 0..18), GAMES games each
# (default 40, colours alternating) at TC (default 0/20s: a byoyomi long enough that the node
# budgets, not the clock, end every search below level 20 even on a loaded machine; the levels
# are bounded by depth and nodes, so the result does not depend on the machine or its load:
# the records' node counts show it), from
# tools/ladder/openings.sfen (made by `go run ./tools/tune openings -n 100 -plies 10 -seed 100`).
# Then prints each level's Elo relative to FROM: the sum of the steps,
# with the error bars (95 %) of the steps added in quadrature. -a also plays the anchors of
# ANCHORS (default "0:-10 2:-5 6:0 10:5 13:10 16:20", level:Fairy-Stockfish Skill Level),
# 20 games each at 0/0.1s. Everything runs under nice -n 19. Records and logs go to DIR
# (default /tmp/banmen-ladder); run again on it and finished games are kept (a larger -g adds
# games to the steps already played).
# Needs bin/banmen-cli and bin/banmen-engine (make build), and /usr/games/fairy-stockfish for -a.
set -e
games=40 tc=0/20s out=/tmp/banmen-ladder anchors=0
while getopts g:t:o:a f; do
	case $f in
	g) games=$OPTARG ;;
	t) tc=$OPTARG ;;
	o) out=$OPTARG ;;
	a) anchors=1 ;;
	*) echo "usage: $0 [-g GAMES] [-t TC] [-o DIR] [-a] [FROM [TO]]" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
from=${1:-0} to=${2:-19}
root=$(cd "$(dirname "$0")/../.." && pwd)
cli=$root/bin/banmen-cli eng=$root/bin/banmen-engine
for b in "$cli" "$eng"; do
	[ -x "$b" ] || { echo "ladder: $b is missing: run make build" >&2; exit 1; }
done
mkdir -p "$out"
l=$from
while [ "$l" -lt "$to" ]; do
	n=$((l + 1))
	nice -n 19 "$cli" match --engine "$eng" --engine "$eng" --option "1:SkillLevel=$l" --option "2:SkillLevel=$n" \
		--openings "$root/tools/ladder/openings.sfen" --games "$games" --tc "$tc" -o "$out/$l-$n" > "$out/$l-$n.log" 2>&1 ||
		{ echo "ladder: match $l-$n failed, see $out/$l-$n.log" >&2; exit 1; }
	l=$n
done
if [ "$anchors" = 1 ]; then
	for a in ${ANCHORS:-0:-10 2:-5 6:0 10:5 13:10 16:20}; do
		l=${a%%:*} fs=${a#*:}
		nice -n 19 "$cli" match --engine "$eng" --engine /usr/games/fairy-stockfish --option "1:SkillLevel=$l" \
			--option "2:Skill Level=$fs" --option "2:Threads=1" --openings "$root/tools/ladder/openings.sfen" \
			--games 20 --tc 0/0.1s -o "$out/fs$l-$fs" > "$out/fs$l-$fs.log" 2>&1 ||
			{ echo "ladder: match fs$l-$fs failed, see $out/fs$l-$fs.log" >&2; exit 1; }
	done
fi
# the table: "Score of A vs B: W - L - D [score] N" and "Elo difference: X ± E" end each log
l=$from
echo "level  step (Elo, 95%)  vs level $from   the lower level's wins - losses - draws"
echo "$from      -                0"
sum=0 var=0
while [ "$l" -lt "$to" ]; do
	n=$((l + 1))
	log=$out/$l-$n.log
	wld=$(sed -n 's/^Score of .*: \([0-9]* - [0-9]* - [0-9]*\) .*/\1/p' "$log" | tail -1)
	elo=$(sed -n 's/^Elo difference: \([^ ]*\) ± \([^ ]*\).*/\1 \2/p' "$log" | tail -1)
	# engine 1 is the lower level: the step is minus its Elo (a step won 40-0 has no finite
	# Elo: it counts as 800 ± 400 and is marked)
	set -- $elo
	r=$(echo "$sum $var $1 $2" | awk '{ x = $3 + 0; e = ($4 ~ /^[0-9.]+$/) ? $4 + 0 : 400; if ($3 !~ /^[-+]?[0-9.]+$/) { x = ($3 ~ /-/) ? -800 : 800; e = 400 }
		printf "%.0f %.0f %+.0f ± %.0f%s\n", $1 - x, $2 + e * e, -x, e, ($3 !~ /^[-+]?[0-9.]+$/) ? " (bound)" : "" }')
	set -- $r
	sum=$1 var=$2
	shift 2
	echo "$n      $*     $(echo "$sum $var" | awk '{ printf "%+.0f ± %.0f", $1, sqrt($2) }')   $wld"
	l=$n
done
if [ "$anchors" = 1 ]; then
	echo "anchors (Fairy-Stockfish 11.1, 0.1 s a move, 20 games):"
	for a in ${ANCHORS:-0:-10 2:-5 6:0 10:5 13:10 16:20}; do
		l=${a%%:*} fs=${a#*:}
		echo "  level $l vs Skill Level $fs: $(sed -n 's/^Score of .*: \([0-9]* - [0-9]* - [0-9]*\) .*/\1/p' "$out/fs$l-$fs.log" | tail -1), $(grep '^Elo difference' "$out/fs$l-$fs.log" | tail -1)"
	done
fi
