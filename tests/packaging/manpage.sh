#!/usr/bin/env bash
# The generated man page: groff finds nothing to warn about, man renders it, and every option that
# `kschedviz COMMAND --help` prints is in it.
# Usage: manpage.sh KSCHEDVIZ PAGE.1.gz
set -euo pipefail
binary=$1
page=$2
warnings=$(zcat "$page" | LC_ALL=C.UTF-8 groff -man -Tutf8 -ww -z 2>&1)
if [ -n "$warnings" ]; then
  echo "FAIL groff warns:"; echo "$warnings"; exit 1
fi
text=$(LC_ALL=C.UTF-8 MANWIDTH=100 man -l "$page" 2>/dev/null | col -b)
failures=0
for heading in NAME SYNOPSIS DESCRIPTION "THE DESKTOP APP" CHECK EXPLAIN RUN EXPORT CAPACITY COMPARE SNAPSHOT RECORD PENDING SHADOW COMPLETION "EXIT STATUS" ENVIRONMENT FILES; do
  grep -qx "$heading" <<< "$text" || { echo "FAIL no section $heading"; failures=$((failures + 1)); }
done
for command in "" check explain run export capacity compare snapshot record pending shadow; do
  # The option lines of the command's help ("  --flag ARG" or "  -o, --output FILE").
  while read -r flag; do
    grep -qF -- "$flag" <<< "$text" || { echo "FAIL ${command:-app}: $flag is in --help but not in the man page"; failures=$((failures + 1)); }
  done < <("$binary" $command --help | sed -n 's/^  \(-[-A-Za-z]*\).*/\1/p')
done
grep -q 'kschedviz \(0\|[1-9]\)' <<< "$text" || { echo "FAIL no version in the footer"; failures=$((failures + 1)); }
[ $failures -eq 0 ] && echo "manpage: $(wc -l <<< "$text") lines, every section and option present"
exit $((failures > 0))
