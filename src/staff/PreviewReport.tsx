/**
 * What a file would do, before it is applied: the validation's problems by line and field, the quality report
 * (findings, and the empty fields per province), the changes per type and province, and on a map.
 */
import { Alert, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Finding, UploadPreview } from '../../domain/wire/desk';
import { PROVINCES } from '../../domain/provinces';
import { typeByRoute } from '../../domain/locationTypes';
import { zeroDropped } from '../../domain/phone';
import { formatCount } from '../i18n/format';
import { provinceName, typeTitle } from '../i18n/names';
import { t } from '../i18n/words';
import { ChangesMap } from './ChangesMap';

const provinceOf = (iso: string | null) => {
  const province = PROVINCES.find((p) => p.iso_3166_2 === iso);
  return province ? provinceName(province.name_en, province.name_fa) : (iso ?? '');
};
/** "line 7" or "feature 3" (the importer's words for a place in the file) in the page's words and digits. */
export function placeText(where: string): string {
  const match = /^(line|feature) (\d+)$/.exec(where);
  return match ? t.desk.upload.place(match[1] as 'line' | 'feature', formatCount(Number(match[2]))) : where;
}

/**
 * A problem's values as its words take them: provinces (ISO codes) by name, places in the file and whole numbers
 * in the page's words and digits, the rest as they are.
 */
function valuesToShow(values: Readonly<Record<string, string>>): Record<string, string> {
  const shown = (key: string, value: string) =>
    key === 'named' || key === 'lies'
      ? provinceOf(value)
      : /^\d+$/.test(value)
        ? formatCount(Number(value))
        : placeText(value);
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, shown(key, value)]));
}

/** A finding's detail in the page's language, from its facts (the English message is the CLI's). */
function findingText(f: Finding): string {
  const w = t.desk.upload;
  switch (f.Kind) {
    case 'duplicate':
      if (f.Stored !== null) return w.sameAsStored(f.Stored.Name, formatCount(f.Metres ?? 0));
      return f.Metres !== null && f.Other !== null
        ? w.sameName(placeText(f.Other), formatCount(f.Metres))
        : w.samePhone(f.Value ?? '', placeText(f.Other ?? ''));
    case 'outside_province':
      return w.outside(provinceOf(f.Province), provinceOf(f.Lies));
    case 'missing_field':
      return w.empty;
    case 'bad_number': {
      const restored = zeroDropped(f.Value ?? '');
      return restored ? w.zeroDropped(f.Value ?? '', restored) : w.notDialable(f.Value ?? '');
    }
  }
}

const typeOf = (route: string | null) => {
  const type = route ? typeByRoute(route) : undefined;
  return type ? typeTitle(type) : (route ?? '');
};

/** A table that scrolls sideways on a narrow screen: a named region a keyboard can reach and scroll. */
function Rows({ head, rows, testId, label }: { head: string[]; rows: ReactNode[][]; testId: string; label: string }) {
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={label}>
      <Table striped withTableBorder data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            {head.map((h) => (
              <Table.Th key={h}>{h}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((cells, i) => (
            <Table.Tr key={i}>
              {cells.map((cell, j) => (
                <Table.Td key={j}>{cell}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

export function PreviewReport({ preview }: { preview: UploadPreview }) {
  const w = t.desk.upload;
  const { Summary } = preview;
  // Nothing past the problem was read: no counts, findings or changes to show, only where it stopped and why.
  const unreadable = preview.BlockedBy?.Code === 'unreadable';
  // The name kept apart from the words around it, so a right-to-left heading does not reorder it.
  const name = `\u2068${preview.FileName}\u2069`;
  return (
    <Stack gap="md" data-testid="preview">
      <Text fw={700} data-testid="preview-file">
        {unreadable
          ? w.unreadableFile(name)
          : w.file(name, formatCount(preview.Records), formatCount(preview.Rejected))}
      </Text>
      {preview.BlockedBy ? (
        <Alert color="red.9" title={w.blocked} data-testid="preview-blocked">
          {w.blockedBy[preview.BlockedBy.Code](formatCount(preview.BlockedBy.Records))}
        </Alert>
      ) : null}

      <section>
        <Title order={3} size="h5">
          {w.problemsHeading(formatCount(preview.Problems.length))}
        </Title>
        {preview.Problems.length === 0 ? (
          <Text c="dimmed">{w.noProblems}</Text>
        ) : (
          <Rows
            testId="problems"
            label={w.problemsHeading(formatCount(preview.Problems.length))}
            head={[w.where, w.field, w.message]}
            rows={preview.Problems.map((p) => [
              placeText(p.Where),
              <bdi key="f">{p.Field}</bdi>,
              w.problems[p.Code](valuesToShow(p.Values)),
            ])}
          />
        )}
      </section>

      {unreadable ? null : (
        <>
          <section>
            <Title order={3} size="h5">
              {w.findingsHeading(formatCount(preview.Findings.length))}
            </Title>
            {preview.Findings.length === 0 ? (
              <Text c="dimmed">{w.noFindings}</Text>
            ) : (
              <Rows
                testId="findings"
                label={w.findingsHeading(formatCount(preview.Findings.length))}
                head={[w.where, w.kind, w.field, w.province, w.message]}
                rows={preview.Findings.map((f) => [
                  placeText(f.Where),
                  w.findingKinds[f.Kind],
                  <bdi key="f">{f.Field}</bdi>,
                  provinceOf(f.Province),
                  findingText(f),
                ])}
              />
            )}
            {preview.Gaps.some((g) => g.Phone + g.Address + g.Gender > 0) ? (
              <>
                <Title order={4} size="h6" mt="sm">
                  {w.gapsHeading}
                </Title>
                <Rows
                  testId="gaps"
                  label={w.gapsHeading}
                  head={[w.province, w.records, w.phone, w.address, w.gender]}
                  rows={preview.Gaps.filter((g) => g.Phone + g.Address + g.Gender > 0).map((g) => [
                    provinceOf(g.Province),
                    formatCount(g.Records),
                    formatCount(g.Phone),
                    formatCount(g.Address),
                    formatCount(g.Gender),
                  ])}
                />
              </>
            ) : null}
          </section>

          <section>
            <Title order={3} size="h5">
              {w.changesHeading}
            </Title>
            <Text data-testid="preview-summary">
              {w.summary(
                formatCount(Summary.Inserted),
                formatCount(Summary.Updated),
                formatCount(Summary.Unchanged),
                formatCount(Summary.Deleted),
              )}
            </Text>
            {preview.Changes.length === 0 ? (
              <Text c="dimmed">{w.noChanges}</Text>
            ) : (
              <>
                <Rows
                  testId="changes"
                  label={w.changesHeading}
                  head={[w.type, w.province, w.added, w.removed, w.moved, w.renamed]}
                  rows={preview.Changes.map((c) => [
                    typeOf(c.Route),
                    provinceOf(c.Province),
                    formatCount(c.Added),
                    formatCount(c.Removed),
                    formatCount(c.Moved),
                    formatCount(c.Renamed),
                  ])}
                />
                <ChangesMap points={preview.Points} />
              </>
            )}
          </section>
        </>
      )}
    </Stack>
  );
}
