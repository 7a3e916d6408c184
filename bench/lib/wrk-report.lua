-- wrk script of bench/lib/http-load.ts: counts the answers by status in every thread and prints one
-- JSON line at the end (requests, seconds, latency percentiles in µs, socket errors, statuses).
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  statuses = {}
end

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
end

function done(summary, latency, requests)
  local counts = {}
  for _, thread in ipairs(threads) do
    for code, n in pairs(thread:get("statuses")) do
      counts[code] = (counts[code] or 0) + n
    end
  end
  local parts = {}
  for code, n in pairs(counts) do
    table.insert(parts, string.format('"%d":%d', code, n))
  end
  local e = summary.errors
  io.write(string.format(
    '\nWRK_JSON {"requests":%d,"durationUs":%d,"p50":%d,"p99":%d,"errors":%d,"statuses":{%s}}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    e.connect + e.read + e.write + e.timeout, table.concat(parts, ",")))
end
