-- wrk script for Benchmarks/serve_bench.py: every request asks for the next path of a file
-- (one a line), the file's lines dealt out to wrk's threads in turn, so that no path is asked
-- for twice. A status other than 2xx or 3xx (wrk's own count; these requests never get a 304),
-- or a thread that runs out of paths, is counted. No `response` function: with one, wrk copies
-- every body into Lua, and a 100 KB card's copy would be timed as the server's.
--     wrk -t T -c C -d 10s -s serve_paths.lua URL -- PATHS T
local threads = {}
local counter = 1

function setup(thread)
  thread:set("id", #threads)
  table.insert(threads, thread)
end

function init(args)
  local count = tonumber(args[2])
  paths = {}
  local index = 0
  for line in io.lines(args[1]) do
    if index % count == id then table.insert(paths, line) end
    index = index + 1
  end
  exhausted = 0
end

function request()
  if counter > #paths then
    exhausted = 1
    counter = 1
  end
  local path = paths[counter]
  counter = counter + 1
  return wrk.format("GET", path)
end

function done(summary, latency, requests)
  local failures, exhaustions = summary.errors.status, 0
  for _, thread in ipairs(threads) do
    exhaustions = exhaustions + thread:get("exhausted")
  end
  io.write(string.format("JSON {\"p50\": %d, \"p99\": %d, \"mean\": %f, \"requests\": %d, \"seconds\": %f, \"failed\": %d, \"exhausted\": %d}\n",
    latency:percentile(50), latency:percentile(99), latency.mean, summary.requests, summary.duration / 1e6, failures, exhaustions))
end
