#!/usr/bin/env python3
"""Appends one soak run's figures to tests/reliability/soak-ledger.tsv (tests/reliability/soak.sh --record):

  python3 tests/reliability/soakrecord.py SOAK.TSV COMMIT RESULT MINUTES

SOAK.TSV is what tst_soak wrote (a row per sample: minutes, cycle, step, rss_mb, descriptors, threads).
The baseline is the end of the first cycle, as tst_soak judges it; descriptors and threads are compared
at the end of each cycle, when the window is quiet.
"""
import csv
import datetime
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def main():
    path, commit, result, minutes = sys.argv[1:5]
    with open(path, newline='', encoding='utf-8') as f:
        samples = list(csv.DictReader(f, delimiter='\t'))
    ends = {int(s['cycle']): s for s in samples if s['step'] == 'run and dataset closed'}  # the window quiet
    first, last = ends[1], ends[max(ends)]
    later = [s for cycle, s in ends.items() if cycle > 1]
    ledger = os.path.join(ROOT, 'tests', 'reliability', 'soak-ledger.tsv')
    fresh = not os.path.exists(ledger)
    with open(ledger, 'a', encoding='utf-8') as f:
        if fresh:
            f.write('date\tcommit\tminutes\tcycles\tsamples\trss_first_mb\trss_last_mb\tgrowth_percent\tdescriptors_first\t'
                    'descriptors_peak_later\tthreads_first\tthreads_peak_later\tresult\n')
        f.write('\t'.join([datetime.date.today().isoformat(), commit, minutes, str(max(ends)), str(len(samples)),
                           first['rss_mb'], last['rss_mb'], f"{100 * (float(last['rss_mb']) / float(first['rss_mb']) - 1):.1f}",
                           first['descriptors'], str(max(int(s['descriptors']) for s in later)),
                           first['threads'], str(max(int(s['threads']) for s in later)),
                           result]) + '\n')


if __name__ == '__main__':
    sys.exit(main())
