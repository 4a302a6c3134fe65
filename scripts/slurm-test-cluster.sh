#!/usr/bin/env bash
# A throwaway one-node Slurm cluster on this machine, for testing deploy/slurm/ for real
# (Tests/CLITests/SlurmClusterTests.swift uses it).
#
#   scripts/slurm-test-cluster.sh start DIR            # install if missing, start munged, slurmctld, slurmd
#   scripts/slurm-test-cluster.sh wait DIR SECONDS JOBID…   # until the jobs end; fails unless all COMPLETED
#   scripts/slurm-test-cluster.sh logs DIR             # the tail of every daemon's log
#   scripts/slurm-test-cluster.sh stop DIR             # cancel jobs, stop the daemons, remove DIR
#
# Everything lives in DIR (a new or empty folder): the MUNGE key, socket, pid and log files,
# slurm.conf, slurmctld's state and slurmd's spool. Nothing is written to /etc, /run or /var
# (apart from installing Debian's slurm-wlm and munge once, as root, when they are missing),
# and the daemons listen on two free ports picked at start, so a second cluster or a stale one
# does not collide. Point the Slurm commands at it with SLURM_CONF=DIR/slurm.conf.
#
# Needs root: slurmd runs jobs as their user, and the packages come from apt. Without root it
# exits 3 and says so (the test then fails with that message rather than skipping).
#
# Environment: SLURM_TEST_CLUSTER_TIMEOUT (seconds to wait for the node to come up; default 30).
set -euo pipefail

# A parent may hand its children a mask of blocked signals (a Swift test's Process does: the
# threads it starts them from block SIGTERM and most others), and the daemons would inherit it
# and ignore `stop`. Start again with nothing blocked (perl-base is in every Debian).
if [[ -z ${SLURM_TEST_CLUSTER_UNBLOCKED:-} ]] && command -v perl >/dev/null 2>&1; then
  export SLURM_TEST_CLUSTER_UNBLOCKED=1
  exec perl -MPOSIX -e 'sigprocmask(SIG_SETMASK, POSIX::SigSet->new) or die "sigprocmask: $!"; exec { $ARGV[0] } @ARGV or die "exec: $!"' -- /bin/bash "$0" "$@"
fi

usage() {
  sed -n '5,8p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
}

die() {
  echo "slurm-test-cluster: $*" >&2
  exit 1
}

# The marker `stop` looks for before it removes a folder, so it never removes anything else.
MARKER=.texteffects-slurm-test-cluster

# Commands the cluster needs, from Debian's slurm-wlm (slurmctld, slurmd, slurm-client) and munge.
COMMANDS=(munged mungekey slurmctld slurmd sbatch squeue sinfo scontrol scancel)

install_if_missing() {
  local missing=()
  for command in "${COMMANDS[@]}"; do
    command -v "$command" >/dev/null 2>&1 || PATH="$PATH:/usr/sbin:/sbin" command -v "$command" >/dev/null 2>&1 || missing+=("$command")
  done
  ((${#missing[@]} == 0)) && return 0
  if [[ $(id -u) -ne 0 ]]; then
    echo "slurm-test-cluster: missing ${missing[*]} and not root: install them as root with" >&2
    echo "  apt-get update && apt-get install -y --no-install-recommends slurm-wlm munge" >&2
    exit 3
  fi
  command -v apt-get >/dev/null 2>&1 || die "missing ${missing[*]} and there is no apt-get to install slurm-wlm and munge with"
  echo "slurm-test-cluster: installing slurm-wlm and munge (missing: ${missing[*]})" >&2
  # policy-rc.d or no systemd: the packages' own services are not started, which is what we want.
  DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends slurm-wlm munge >&2 ||
    die "apt-get install slurm-wlm munge failed"
}

# A TCP port nothing on this machine listens on (and not `avoid`).
free_port() {
  local avoid=${1:-0} port
  for _ in $(seq 1 200); do
    port=$((20000 + RANDOM % 40000))
    [[ $port == "$avoid" ]] && continue
    if command -v ss >/dev/null 2>&1; then
      ss -Htan "sport = :$port" 2>/dev/null | grep -q . && continue
    fi
    # Something answers: taken.
    (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && continue
    echo "$port"
    return 0
  done
  die "found no free TCP port"
}

# Runs a daemon with only standard input, output and error open: one that kept a descriptor
# this script inherited (Foundation's Process watches one to learn that its child ended) would
# make whoever ran `start` wait for the cluster to stop.
detached() {
  (
    for fd in /proc/self/fd/*; do
      fd=${fd##*/}
      if ((fd > 2)); then eval "exec $fd>&-"; fi
    done
    exec "$@"
  )
}

# Whether process `pid` runs: a zombie does not (this machine's init may be slow to reap the
# daemons, which it inherits when they fork into the background).
running() {
  local stat
  stat=$(cat "/proc/$1/stat" 2>/dev/null) || return 1
  stat=${stat##*) }
  [[ ${stat%% *} != Z ]]
}

pid_of() {
  local file=$1
  [[ -s $file ]] || return 1
  local pid
  pid=$(tr -dc '0-9' <"$file")
  [[ -n $pid ]] && running "$pid" && echo "$pid"
}

show_logs() {
  local dir=$1
  for log in munged.log slurmctld.log slurmd.log munged.out slurmctld.out slurmd.out; do
    [[ -s $dir/log/$log ]] || continue
    echo "----- $dir/log/$log (last 25 lines) -----" >&2
    tail -n 25 "$dir/log/$log" >&2
  done
}

# Stops the daemons whose pid files are given, all at once (each takes a second or two):
# SIGTERM, then SIGKILL to any still running after 10 s.
stop_pids() {
  local pids=() pid
  for file in "$@"; do
    pid=$(pid_of "$file") && pids+=("$pid")
  done
  ((${#pids[@]} > 0)) || return 0
  kill -TERM "${pids[@]}" 2>/dev/null || true
  for _ in $(seq 1 100); do
    local alive=0
    for pid in "${pids[@]}"; do running "$pid" && alive=1; done
    ((alive)) || return 0
    sleep 0.1
  done
  kill -KILL "${pids[@]}" 2>/dev/null || true
}

stop_daemons() {
  local dir=$1
  if [[ -f $dir/slurm.conf ]] && pid_of "$dir/run/slurmctld.pid" >/dev/null; then
    # Running jobs first, so no slurmstepd outlives the cluster.
    local jobs
    jobs=$(SLURM_CONF=$dir/slurm.conf timeout 10 squeue -h -o %A 2>/dev/null | sort -u | tr '\n' ' ') || true
    if [[ -n ${jobs// /} ]]; then
      # shellcheck disable=SC2086
      SLURM_CONF=$dir/slurm.conf timeout 10 scancel $jobs 2>/dev/null || true
      for _ in $(seq 1 50); do
        [[ -z $(SLURM_CONF=$dir/slurm.conf timeout 5 squeue -h -o %A 2>/dev/null) ]] && break
        sleep 0.2
      done
    fi
  fi
  stop_pids "$dir/run/slurmd.pid" "$dir/run/slurmctld.pid" "$dir/run/munged.pid"
}

start() {
  local dir=$1
  install_if_missing
  export PATH="$PATH:/usr/sbin:/sbin"
  [[ $(id -u) -eq 0 ]] || {
    echo "slurm-test-cluster: slurmd must run as root to start jobs; run the test as root" >&2
    exit 3
  }
  mkdir -p "$dir"
  [[ -z $(ls -A "$dir") ]] || die "$dir is not empty"
  dir=$(cd "$dir" && pwd -P)
  touch "$dir/$MARKER"
  # munged wants its socket's folder (and the folders above) searchable by all, and its key
  # folder and log folder writable by no one else.
  chmod 755 "$dir"
  mkdir -p "$dir/munge" "$dir/log" "$dir/run" "$dir/state" "$dir/spool"
  chmod 700 "$dir/munge" "$dir/state" "$dir/spool"
  chmod 755 "$dir/log" "$dir/run"

  if ! mungekey --create --keyfile="$dir/munge/munge.key" --bits=1024 2>"$dir/log/mungekey.out"; then
    dd if=/dev/urandom of="$dir/munge/munge.key" bs=1024 count=1 status=none
  fi
  chmod 600 "$dir/munge/munge.key"
  detached munged --socket="$dir/run/munge.socket" --key-file="$dir/munge/munge.key" \
    --log-file="$dir/log/munged.log" --pid-file="$dir/run/munged.pid" --seed-file="$dir/munge/munged.seed" \
    </dev/null >"$dir/log/munged.out" 2>&1 || {
    show_logs "$dir"
    die "munged did not start"
  }

  local ctld_port slurmd_port cpus
  ctld_port=$(free_port)
  slurmd_port=$(free_port "$ctld_port")
  cpus=$(nproc)
  cat >"$dir/slurm.conf" <<EOF
# A one-node test cluster written by scripts/slurm-test-cluster.sh; everything under $dir.
ClusterName=texteffects-test
SlurmctldHost=localhost
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/run/munge.socket
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/run/slurmctld.pid
SlurmdPidFile=$dir/run/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
# No cgroups in a container: plain /proc process tracking, no task binding.
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
MpiDefault=none
# No accounting database.
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/none
# Jobs share the node's CPUs, one each by default, so array tasks run side by side.
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
# A dependency that can never be met cancels the job instead of leaving it pending.
SchedulerParameters=kill_invalid_depend,sched_interval=2
# The node's resources as written here, whatever the hardware detection says.
SlurmdParameters=config_overrides
ReturnToService=2
# Finished jobs stay visible to scontrol for 10 minutes (there is no accounting to ask).
MinJobAge=600
KillWait=5
InactiveLimit=0
SlurmdTimeout=60
SlurmctldTimeout=60
MessageTimeout=10
NodeName=localhost NodeHostname=localhost NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=debug Nodes=localhost Default=YES MaxTime=INFINITE State=UP
EOF
  export SLURM_CONF=$dir/slurm.conf

  detached slurmctld -f "$SLURM_CONF" -i </dev/null >"$dir/log/slurmctld.out" 2>&1 || {
    stop_daemons "$dir"
    show_logs "$dir"
    die "slurmctld did not start"
  }
  detached slurmd -f "$SLURM_CONF" -N localhost </dev/null >"$dir/log/slurmd.out" 2>&1 || {
    stop_daemons "$dir"
    show_logs "$dir"
    die "slurmd did not start"
  }

  local timeout=${SLURM_TEST_CLUSTER_TIMEOUT:-30} state=""
  local deadline=$((SECONDS + timeout))
  while ((SECONDS < deadline)); do
    state=$(timeout 5 sinfo -h -N -n localhost -o %T 2>/dev/null | head -n 1) || state=""
    [[ $state == idle ]] && break
    for daemon in slurmctld slurmd munged; do
      pid_of "$dir/run/$daemon.pid" >/dev/null || {
        # slurmd may still be writing its pid file in its first moments.
        sleep 0.5
        pid_of "$dir/run/$daemon.pid" >/dev/null || {
          stop_daemons "$dir"
          show_logs "$dir"
          die "$daemon stopped while the cluster was starting (its log is above)"
        }
      }
    done
    sleep 0.3
  done
  if [[ $state != idle ]]; then
    echo "slurm-test-cluster: the node is ${state:-not known to sinfo} after ${timeout} s, not idle" >&2
    timeout 5 scontrol show node localhost >&2 2>/dev/null || true
    stop_daemons "$dir"
    show_logs "$dir"
    die "the cluster did not come up"
  fi
  echo "SLURM_CONF=$SLURM_CONF"
}

# Waits until none of the jobs (array jobs: every task) is pending or running, then prints one
# line per job or task and fails unless all COMPLETED.
wait_jobs() {
  local dir=$1 seconds=$2
  shift 2
  export SLURM_CONF=$dir/slurm.conf PATH="$PATH:/usr/sbin:/sbin"
  local deadline=$((SECONDS + seconds)) records active
  while :; do
    records=""
    for job in "$@"; do
      records+=$(timeout 10 scontrol -o show job "$job" 2>&1)$'\n' || true
    done
    active=$(grep -cE 'JobState=(PENDING|CONFIGURING|RUNNING|COMPLETING|SUSPENDED|REQUEUED|RESIZING)' <<<"$records" || true)
    if ((active == 0)); then
      break
    fi
    if ((SECONDS >= deadline)); then
      echo "slurm-test-cluster: jobs $* still pending or running after $seconds s:" >&2
      summarise "$records" >&2
      return 124
    fi
    sleep 0.5
  done
  summarise "$records"
  if grep -q 'JobState=' <<<"$records" && ! grep -E 'JobState=' <<<"$records" | grep -qv 'JobState=COMPLETED '; then
    return 0
  fi
  echo "slurm-test-cluster: not every job completed" >&2
  return 1
}

# One line per job record: id, state, reason, exit code, output file.
summarise() {
  while IFS= read -r line; do
    [[ -n $line ]] || continue
    if [[ $line != *JobId=* ]]; then
      echo "$line"
      continue
    fi
    local fields=()
    for key in JobId ArrayJobId ArrayTaskId JobName JobState Reason ExitCode StdOut; do
      [[ $line =~ (^|[[:space:]])$key=([^[:space:]]*) ]] && fields+=("$key=${BASH_REMATCH[2]}")
    done
    echo "${fields[*]}"
  done <<<"$1"
}

stop() {
  local dir=$1
  [[ -d $dir ]] || return 0
  [[ -e $dir/$MARKER ]] || die "$dir was not made by $0 start; not touching it"
  export PATH="$PATH:/usr/sbin:/sbin"
  stop_daemons "$dir"
  rm -rf "$dir"
}

(($# >= 2)) || usage
command=$1
dir=$2
case $command in
start) start "$dir" ;;
stop) stop "$dir" ;;
logs) show_logs "$dir" ;;
wait)
  (($# >= 4)) || usage
  wait_jobs "$dir" "$3" "${@:4}"
  ;;
*) usage ;;
esac
