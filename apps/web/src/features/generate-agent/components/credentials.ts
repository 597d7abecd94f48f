import type { GeneratedAgent } from '@borlette/shared/contracts/generate-agent';

export interface CsvLabels {
  username: string;
  password: string;
  first_name: string;
  last_name: string;
  surcussale: string;
  supervisor: string;
  commission: string;
  defaultRate: string;
}

function cell(v: string): string {
  // Spreadsheet formulas neutralised; quotes when needed.
  const safe = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return /[";\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The generated credentials as a CSV for French spreadsheets: UTF-8 BOM, `;`, CRLF (as the server's exports). */
export function credentialsCsv(agents: GeneratedAgent[], labels: CsvLabels, percent: (bp: number) => string): string {
  const header = [
    labels.username,
    labels.password,
    labels.first_name,
    labels.last_name,
    labels.surcussale,
    labels.supervisor,
    labels.commission,
  ];
  const rows = agents.map((a) => [
    a.username,
    a.password,
    a.first_name,
    a.last_name,
    a.surcussale_name,
    a.supervisor_name ?? '',
    a.commission_bp === null ? labels.defaultRate : percent(a.commission_bp),
  ]);
  return `\uFEFF${[header, ...rows].map((r) => r.map(cell).join(';')).join('\r\n')}\r\n`;
}

export function downloadText(text: string, filename: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
