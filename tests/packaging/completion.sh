#!/usr/bin/env bash
# The generated bash and zsh completion scripts, driven as the shells drive them, against the built
# kschedviz: commands, options, files, a kubeconfig's contexts (one with colons) and a scenario's pods.
# Usage: completion.sh KSCHEDVIZ SAMPLES_DIR
set -euo pipefail
binary=$(readlink -f "$1")
samples=$(readlink -f "$2")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The scripts call `kschedviz` by the name typed, as an installed one is found on PATH.
mkdir "$work/bin"
ln -s "$binary" "$work/bin/kschedviz"
export PATH="$work/bin:$PATH"
cat > "$work/config" <<'YAML'
apiVersion: v1
kind: Config
current-context: kind
contexts:
- name: kind
  context: {cluster: c, user: u}
- name: arn:aws:eks:eu-west-1:1:cluster/x
  context: {cluster: c, user: u}
clusters:
- name: c
  cluster: {server: 'https://127.0.0.1:6443'}
users:
- name: u
  user: {token: not-printed}
YAML
failures=0
expect() { # expect NAME ACTUAL EXPECTED: EXPECTED must be one of ACTUAL's lines
  if ! grep -qxF -- "$3" <<< "$2"; then
    echo "FAIL $1: expected '$3' among:"; sed 's/^/    /' <<< "$2"
    failures=$((failures + 1))
  fi
}
refuse() { # refuse NAME ACTUAL UNEXPECTED
  if grep -qxF -- "$3" <<< "$2"; then
    echo "FAIL $1: did not expect '$3'"; failures=$((failures + 1))
  fi
}

# bash: COMP_LINE and COMP_POINT as readline sets them.
bash_complete() {
  bash --norc --noprofile -c '
    source <(kschedviz completion bash)
    COMP_LINE=$1; COMP_POINT=${#1}; COMP_WORDS=(); COMP_CWORD=0
    _kschedviz
    printf "%s\n" "${COMPREPLY[@]}"' bash "$1"
}
out=$(bash_complete "kschedviz ch"); expect bash-command "$out" check
out=$(bash_complete "kschedviz "); expect bash-commands "$out" shadow
out=$(bash_complete "kschedviz run $samples/default.yaml --se"); expect bash-option "$out" --seed
out=$(bash_complete "kschedviz run $samples/default.yaml --"); refuse bash-option-of-another "$out" --pod
out=$(bash_complete "kschedviz check $samples/def"); expect bash-file "$out" "$samples/default.yaml"
out=$(bash_complete "kschedviz explain $samples/default.yaml --pod default/post"); expect bash-pod "$out" default/postgres-0
out=$(bash_complete "kschedviz --lesson q"); expect bash-lesson "$out" queues
out=$(bash_complete "kschedviz snapshot --kubeconfig $work/config --context "); expect bash-context "$out" kind
# Bash replaces what follows the last colon, so that is what is offered.
out=$(bash_complete "kschedviz snapshot --kubeconfig $work/config --context arn:aws:eks:eu"); expect bash-colon "$out" "eu-west-1:1:cluster/x"
out=$(bash_complete "kschedviz export $samples/default.yaml --view ev"); expect bash-view "$out" eventlog

# zsh: the completion system's functions stand in as stubs that print what they were given.
zsh_complete() {
  zsh -f -c '
    source <(kschedviz completion zsh)
    _files() { print -r -- "(files $*)" }
    _describe() { print -rl -- "${(@P)4}" }
    words=(${(z)1}); [[ $1 == *" " ]] && words+=("")
    CURRENT=${#words}
    _kschedviz' zsh "$1"
}
out=$(zsh_complete "kschedviz ch"); expect zsh-command "$out" "check:load and validate a scenario, print what it holds"
out=$(zsh_complete "kschedviz "); expect zsh-files "$out" "(files )"
out=$(zsh_complete "kschedviz run x.yaml --tr"); expect zsh-option "$out" "--trace:Write the whole trace as JSON Lines (docs/trace-format.md)."
out=$(zsh_complete "kschedviz run x.yaml --trace "); expect zsh-file-argument "$out" "(files )"
out=$(zsh_complete "kschedviz --screenshot "); expect zsh-directory "$out" "(files -/)"
out=$(zsh_complete "kschedviz explain $samples/default.yaml --pod default/post"); expect zsh-pod "$out" default/postgres-0
out=$(zsh_complete "kschedviz pending --kubeconfig $work/config --context arn"); expect zsh-colon "$out" 'arn\:aws\:eks\:eu-west-1\:1\:cluster/x'

# Completion never prints a credential or an error, whatever it reads.
out=$(bash_complete "kschedviz snapshot --kubeconfig $work/config --context " 2>&1)
refuse no-token "$out" not-printed
out=$(kschedviz __complete --kubeconfig /nonexistent --context "" 2>&1); [ "$out" = words ] || { echo "FAIL quiet: $out"; failures=$((failures + 1)); }

[ $failures -eq 0 ] && echo "completion: all cases pass"
exit $((failures > 0))
