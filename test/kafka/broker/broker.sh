#!/usr/bin/env bash
# A single-node Apache Kafka broker (KRaft: broker and controller in one JVM) on 127.0.0.1 for the
# Kafka contract suites, from the Maven Central jars of ./pom.xml (DESIGN.md "Tests", "Toolchain facts").
#
#   broker.sh fetch     download the jars into .work/lib (skipped when they are there)
#   broker.sh start     fetch if needed, format the storage the first time, start in the background,
#                       wait until it answers, print KAFKA_BROKERS=127.0.0.1:<port> on stdout
#   broker.sh stop      SIGTERM, then SIGKILL after KAFKA_STOP_TIMEOUT seconds (default 30)
#   broker.sh restart   stop, then start (the data survives)
#   broker.sh status    running or not (exit 0 or 3), with the pid and the port
#   broker.sh clean     stop and delete the data and logs (the jars stay)
#
# Every subcommand is idempotent and works from any directory. Only the KAFKA_BROKERS line goes to
# stdout, so `export "$(broker.sh start)"` works; progress goes to stderr.
#
# Environment: KAFKA_PORT (default 19092), KAFKA_CONTROLLER_PORT (default KAFKA_PORT + 1),
# KAFKA_WORK_DIR (default <this folder>/.work), KAFKA_HEAP_OPTS (default -Xms128m -Xmx512m),
# KAFKA_START_TIMEOUT (default 60), KAFKA_STOP_TIMEOUT (default 30), JAVA (default java).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
work="${KAFKA_WORK_DIR:-$here/.work}"
lib="$work/lib"
data="$work/data"
logs="$work/logs"
port="${KAFKA_PORT:-19092}"
controller_port="${KAFKA_CONTROLLER_PORT:-$((port + 1))}"
pid_file="$work/kafka.pid"
port_file="$work/kafka.port"
mark=0
out_file="$logs/kafka.out"
java="${JAVA:-java}"
kafka_version="$(sed -n 's:.*<kafka.version>\(.*\)</kafka.version>.*:\1:p' "$here/pom.xml")"

say() { echo "broker.sh: $*" >&2; }

with_lock() {
  mkdir -p "$work"
  exec 9>"$work/.lock"
  flock -w 180 9 || { say "another broker.sh holds $work/.lock"; exit 1; }
}

running_pid() {
  [ -f "$pid_file" ] || return 1
  local pid
  pid="$(cat "$pid_file" 2>/dev/null || true)"
  [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null || return 1
  # A recycled pid is not our broker.
  tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -q 'kafka\.Kafka' || return 1
  echo "$pid"
}

port_answers() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

fetch() {
  if [ -f "$lib/.complete-$kafka_version" ]; then
    say "jars of Kafka $kafka_version already in $lib"
    return 0
  fi
  command -v mvn >/dev/null || { say "Maven (mvn) is needed to fetch the broker's jars"; exit 1; }
  say "fetching Kafka $kafka_version and its dependencies from Maven Central into $lib"
  local started=$SECONDS
  rm -rf "$lib.tmp"
  if ! mvn -q -B -Dstyle.color=never -f "$here/pom.xml" dependency:copy-dependencies -DincludeScope=runtime \
    -DoutputDirectory="$lib.tmp" >"$work/fetch.log" 2>&1; then
    tail -n 40 "$work/fetch.log" >&2
    say "mvn dependency:copy-dependencies failed (whole output: $work/fetch.log)"
    exit 1
  fi
  rm -rf "$lib"
  mv "$lib.tmp" "$lib"
  touch "$lib/.complete-$kafka_version"
  say "fetched $(ls "$lib"/*.jar | wc -l) jars in $((SECONDS - started)) s"
}

write_config() {
  mkdir -p "$data" "$logs"
  cat >"$work/server.properties" <<EOF
# Written by broker.sh start; rewritten at every start.
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:$controller_port
listeners=PLAINTEXT://127.0.0.1:$port,CONTROLLER://127.0.0.1:$controller_port
advertised.listeners=PLAINTEXT://127.0.0.1:$port
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT
log.dirs=$data
num.partitions=3
default.replication.factor=1
min.insync.replicas=1
auto.create.topics.enable=true
offsets.topic.replication.factor=1
offsets.topic.num.partitions=5
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
transaction.state.log.num.partitions=5
share.coordinator.state.topic.replication.factor=1
share.coordinator.state.topic.min.isr=1
group.initial.rebalance.delay.ms=0
log.retention.hours=24
log.segment.bytes=67108864
num.network.threads=2
num.io.threads=4
background.threads=4
EOF
  cat >"$work/log4j.properties" <<EOF
log4j.rootLogger=INFO, file
log4j.appender.file=org.apache.log4j.RollingFileAppender
log4j.appender.file.File=$logs/server.log
log4j.appender.file.MaxFileSize=20MB
log4j.appender.file.MaxBackupIndex=2
log4j.appender.file.layout=org.apache.log4j.PatternLayout
log4j.appender.file.layout.ConversionPattern=[%d] %p %m (%c)%n
log4j.logger.kafka.request.logger=WARN
log4j.logger.state.change.logger=WARN
log4j.logger.kafka.log.LogCleaner=WARN
EOF
}

# The java command line, then the main class and its arguments.
jvm_command() {
  local heap
  read -r -a heap <<<"${KAFKA_HEAP_OPTS:--Xms128m -Xmx512m}"
  jvm=("$java" "${heap[@]}" -XX:+UseG1GC -XX:MaxGCPauseMillis=20 -Djava.awt.headless=true
    -Dlog4j.configuration="file:$work/log4j.properties" -Dkafka.logs.dir="$logs" -cp "$lib/*" "$@")
}

# The lines the broker logged since the start (`mark` lines were there before; the log may have rolled over).
log_since() {
  [ -f "$logs/server.log" ] || return 0
  if (($(wc -l <"$logs/server.log") < mark)); then cat "$logs/server.log"; else tail -n +"$((mark + 1))" "$logs/server.log"; fi
}

start() {
  local pid=""
  if pid="$(running_pid)"; then
    local running_port
    running_port="$(cat "$port_file" 2>/dev/null || echo "$port")"
    if [ "$running_port" != "$port" ]; then
      say "already running (pid $pid) on 127.0.0.1:$running_port; stop it before starting one on $port"
      exit 1
    fi
    if port_answers "$port"; then
      say "already running (pid $pid) on 127.0.0.1:$port"
      echo "KAFKA_BROKERS=127.0.0.1:$port"
      return 0
    fi
    say "pid $pid does not answer on 127.0.0.1:$port: stopping it"
    stop
    pid=""
  elif port_answers "$port"; then
    say "127.0.0.1:$port is taken by another process (set KAFKA_PORT)"
    exit 1
  fi
  fetch
  write_config
  command -v "$java" >/dev/null || { say "Java ($java) is needed to run the broker"; exit 1; }
  if [ ! -f "$data/meta.properties" ]; then
    # A cluster id is 16 random bytes in URL-safe base64 without padding.
    local cluster_id
    # One that begins with "-" reads as an option to kafka-storage's argument
    # parser ("expected one argument"), so draw again until it does not, as
    # Kafka's own Uuid.randomUuid does.
    cluster_id="-"
    while [[ "$cluster_id" == -* ]]; do
      cluster_id="$(head -c 16 /dev/urandom | base64 | tr '+/' '-_' | tr -d '=\n')"
    done
    say "formatting $data (cluster id $cluster_id)"
    jvm_command kafka.tools.StorageTool format -t "$cluster_id" -c "$work/server.properties"
    "${jvm[@]}" >>"$logs/format.log" 2>&1 \
      || { tail -n 30 "$logs/format.log" >&2; exit 1; }
  fi
  local started=$SECONDS
  local timeout="${KAFKA_START_TIMEOUT:-60}"
  mark=0
  [ -f "$logs/server.log" ] && mark="$(wc -l <"$logs/server.log")"
  if [ -z "$pid" ]; then
    rm -f "$pid_file"
    echo "$port" >"$port_file"
    echo "=== $(date -Is) start" >>"$out_file"
    # Its own session, no inherited descriptors: it outlives the shell (or test) that started it.
    (
      exec 9>&- 0</dev/null >>"$out_file" 2>&1
      jvm_command kafka.Kafka "$work/server.properties"
      exec setsid bash -c 'echo $$ >"$1"; shift; exec "$@"' _ "$pid_file" "${jvm[@]}"
    ) &
    for _ in $(seq 1 50); do [ -s "$pid_file" ] && break; sleep 0.1; done
    pid="$(cat "$pid_file" 2>/dev/null || true)"
    [ -n "$pid" ] || { say "the broker did not start; see $out_file"; exit 1; }
    say "started (pid $pid), waiting for 127.0.0.1:$port"
  fi
  while true; do
    if ! kill -0 "$pid" 2>/dev/null; then
      say "the broker exited while starting; the end of its logs:"
      tail -n 40 "$out_file" >&2
      log_since | tail -n 40 >&2
      rm -f "$pid_file"
      exit 1
    fi
    if port_answers "$port" && log_since | grep -q 'Kafka Server started'; then
      break
    fi
    if ((SECONDS - started >= timeout)); then
      say "no answer on 127.0.0.1:$port after $timeout s; the end of its logs:"
      tail -n 20 "$out_file" >&2
      log_since | tail -n 40 >&2
      exit 1
    fi
    sleep 0.25
  done
  say "ready in $((SECONDS - started)) s (logs: $logs/server.log)"
  echo "KAFKA_BROKERS=127.0.0.1:$port"
}

stop() {
  local pid
  if ! pid="$(running_pid)"; then
    rm -f "$pid_file"
    say "not running"
    return 0
  fi
  local timeout="${KAFKA_STOP_TIMEOUT:-30}"
  local started=$SECONDS
  kill -TERM "$pid" 2>/dev/null || true
  while kill -0 "$pid" 2>/dev/null; do
    if ((SECONDS - started >= timeout)); then
      say "still running after $timeout s: SIGKILL"
      kill -KILL "$pid" 2>/dev/null || true
      sleep 0.5
      break
    fi
    sleep 0.2
  done
  rm -f "$pid_file"
  say "stopped (pid $pid) in $((SECONDS - started)) s"
}

status() {
  local pid
  if pid="$(running_pid)"; then
    port="$(cat "$port_file" 2>/dev/null || echo "$port")"
    if port_answers "$port"; then
      echo "running (pid $pid) on 127.0.0.1:$port"
    else
      echo "starting or stopping (pid $pid); 127.0.0.1:$port does not answer"
    fi
    return 0
  fi
  echo "not running"
  return 3
}

case "${1:-}" in
  fetch) with_lock; fetch ;;
  start) with_lock; start ;;
  stop) with_lock; stop ;;
  restart) with_lock; stop; start ;;
  status) status ;;
  clean) with_lock; stop; rm -rf "$data" "$logs" "$work/server.properties" "$work/log4j.properties"; say "data and logs deleted" ;;
  *)
    echo "usage: $0 fetch|start|stop|restart|status|clean" >&2
    exit 2
    ;;
esac
