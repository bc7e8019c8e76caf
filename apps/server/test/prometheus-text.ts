import { execFileSync } from 'node:child_process';

export type Sample = { readonly name: string; readonly labels: Record<string, string>; readonly value: number };
export type Family = { readonly name: string; readonly type: string; readonly samples: readonly Sample[] };

// Prometheus's own Python client reads the text as a Prometheus server would (Debian's python3-prometheus-client).
const reader = `
import json, math, sys
from prometheus_client.parser import text_string_to_metric_families
families = [
    {"name": f.name, "type": f.type,
     "samples": [{"name": s.name, "labels": s.labels, "value": None if math.isnan(s.value) else s.value} for s in f.samples]}
    for f in text_string_to_metric_families(sys.stdin.read())
]
print(json.dumps(families))
`;

/** Parses Prometheus's text exposition format; throws, naming the line, on text a scraper would refuse. */
export const parsePrometheus = (text: string): Family[] =>
  JSON.parse(execFileSync('/usr/bin/python3', ['-c', reader], { input: text, encoding: 'utf8' })) as Family[];
