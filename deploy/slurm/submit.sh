#!/usr/bin/env bash
# Submits a sharded texteffects render (a job array, plus a join job that waits for it when the
# output is a video) and/or a sharded batch to Slurm, and prints the job ids.
#
#   SCENE=Scenes/showcase.json SHARDS=8 OUT=/shared/showcase deploy/slurm/submit.sh
#   TEMPLATE=Scenes/product-card.json DATA=rows.csv OUT=/shared/cards deploy/slurm/submit.sh batch
#   deploy/slurm/submit.sh [render|batch|all]     # all (default): whatever SCENE, TEMPLATE + DATA ask for
#
# It prints one line per job, for scripts:
#   RENDER_JOB=1234     the render array (SHARDS tasks)
#   JOIN_JOB=1235       the join, after every render task succeeded (video formats only)
#   BATCH_JOB=1236      the batch array (BATCH_SHARDS tasks)
#
# Environment (every path is made absolute here, so the jobs do not depend on their folder):
#   SCENE          the scene to render
#   FORMAT         mp4 (default), mov, webm: parts joined into VIDEO; png: frames in OUT/frames/
#   FRAMES         the number of frames, when not the scene's round(duration × fps)
#   SHARDS         array tasks for the render (default 4)
#   OUT            the output folder, on storage every node shares (default: out/<scene or
#                  template name>); job logs go to OUT/logs/
#   VIDEO          the joined video (default: OUT/<scene name>.FORMAT)
#   TEMPLATE, DATA a template scene and its rows (.csv, .tsv, .jsonl) for a batch
#   BATCH_SHARDS   array tasks for the batch (default: SHARDS)
#   BATCH_OUT      the batch's output folder (default: OUT/batch)
#   BATCH_NAME     the batch's file name pattern, e.g. "{{id}}.png"
#   TEXTEFFECTS    the texteffects binary, at a path the nodes see (default: texteffects on PATH)
#   CPUS_PER_TASK  CPUs for each task; its frames or rows render in parallel on them (default 1)
#   PARTITION      the partition (default: the cluster's default)
#   TIME_LIMIT     each job's time limit, e.g. 1:00:00 (default: the partition's)
#   SBATCH_ARGS    more sbatch options for every job, split on spaces (e.g. "--account=design")
#   RENDER_ARGS, BATCH_ARGS, FORCE, KEEP_PARTS   passed on: see render.sbatch, batch.sbatch, join.sbatch
# sbatch passes this environment (PATH, FONTCONFIG_FILE, …) on to the jobs.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
what=${1:-all}
case $what in
render | batch | all) ;;
-h | --help)
  sed -n '2,32p' "$0" | sed 's/^# \{0,1\}//'
  exit 0
  ;;
*)
  echo "submit.sh: say render, batch or all, not $what" >&2
  exit 2
  ;;
esac

die() {
  echo "submit.sh: $*" >&2
  exit 2
}

absolute() {
  case $1 in
  /*) echo "$1" ;;
  *) echo "$PWD/$1" ;;
  esac
}

command -v sbatch >/dev/null 2>&1 || die "sbatch is not on PATH (is this a Slurm login node?)"

if [[ -z ${TEXTEFFECTS:-} ]]; then
  TEXTEFFECTS=$(command -v texteffects) || die "texteffects is not on PATH: set TEXTEFFECTS to the binary (at a path the nodes see)"
fi
[[ -x $TEXTEFFECTS ]] || die "TEXTEFFECTS=$TEXTEFFECTS is not an executable file"
TEXTEFFECTS=$(absolute "$TEXTEFFECTS")
export TEXTEFFECTS

do_render=0 do_batch=0
case $what in
render) do_render=1 ;;
batch) do_batch=1 ;;
all)
  [[ -n ${SCENE:-} ]] && do_render=1
  [[ -n ${TEMPLATE:-} || -n ${DATA:-} ]] && do_batch=1
  ((do_render || do_batch)) || die "set SCENE (a render), or TEMPLATE and DATA (a batch), or both"
  ;;
esac

SHARDS=${SHARDS:-4}
BATCH_SHARDS=${BATCH_SHARDS:-$SHARDS}
for count in "$SHARDS" "$BATCH_SHARDS"; do
  [[ $count =~ ^[1-9][0-9]*$ ]] || die "SHARDS and BATCH_SHARDS must be whole numbers from 1, not $count"
done
export FORMAT=${FORMAT:-mp4}
case $FORMAT in
png | mp4 | mov | webm) ;;
*) die "FORMAT must be png, mp4, mov or webm, not $FORMAT" ;;
esac

if ((do_render)); then
  [[ -n ${SCENE:-} ]] || die "set SCENE to the scene file"
  [[ -f $SCENE ]] || die "SCENE=$SCENE is not a file"
  SCENE=$(absolute "$SCENE")
  export SCENE
  name=$(basename "${SCENE%.*}")
else
  [[ -n ${TEMPLATE:-} && -n ${DATA:-} ]] || die "a batch needs both TEMPLATE and DATA"
  name=$(basename "${TEMPLATE%.*}")
fi
if ((do_batch)); then
  [[ -f ${TEMPLATE:-} ]] || die "TEMPLATE=${TEMPLATE:-} is not a file"
  [[ -f ${DATA:-} ]] || die "DATA=${DATA:-} is not a file"
  TEMPLATE=$(absolute "$TEMPLATE") DATA=$(absolute "$DATA")
  export TEMPLATE DATA
fi
OUT=$(absolute "${OUT:-out/$name}")
export OUT
if [[ -n ${VIDEO:-} ]]; then VIDEO=$(absolute "$VIDEO") && export VIDEO; fi
if [[ -n ${BATCH_OUT:-} ]]; then BATCH_OUT=$(absolute "$BATCH_OUT") && export BATCH_OUT; fi
mkdir -p "$OUT/logs"

common=(--parsable --cpus-per-task="${CPUS_PER_TASK:-1}")
[[ -n ${PARTITION:-} ]] && common+=(--partition="$PARTITION")
[[ -n ${TIME_LIMIT:-} ]] && common+=(--time="$TIME_LIMIT")
# shellcheck disable=SC2206 # SBATCH_ARGS is split on purpose
[[ -n ${SBATCH_ARGS:-} ]] && common+=($SBATCH_ARGS)

# sbatch --parsable prints "id" or "id;cluster".
submit() {
  local id
  id=$(sbatch "${common[@]}" "$@") || die "sbatch $* failed"
  echo "${id%%;*}"
}

if ((do_render)); then
  render_job=$(submit --array="1-$SHARDS" --job-name=texteffects-render \
    --output="$OUT/logs/%x-%A_%a.out" "$here/render.sbatch")
  echo "RENDER_JOB=$render_job"
  if [[ $FORMAT != png ]]; then
    join_job=$(RENDER_JOB=$render_job submit --dependency="afterok:$render_job" --job-name=texteffects-join \
      --output="$OUT/logs/%x-%j.out" "$here/join.sbatch")
    echo "JOIN_JOB=$join_job"
    echo "submit.sh: render array $render_job ($SHARDS tasks), then join $join_job into ${VIDEO:-$OUT/$name.$FORMAT}" >&2
  else
    echo "submit.sh: render array $render_job ($SHARDS tasks) into $OUT/frames/" >&2
  fi
fi
if ((do_batch)); then
  batch_job=$(submit --array="1-$BATCH_SHARDS" --job-name=texteffects-batch \
    --output="$OUT/logs/%x-%A_%a.out" "$here/batch.sbatch")
  echo "BATCH_JOB=$batch_job"
  echo "submit.sh: batch array $batch_job ($BATCH_SHARDS tasks) into ${BATCH_OUT:-$OUT/batch}/" >&2
fi
