import { Download } from 'lucide-react';
import type { ExportFormat } from '../../../../contract/export.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { es } from '../../../i18n/es.ts';
import { useExportResults } from '../api/export-results.ts';

const t = es.host;

/** 'Exportar resultados': the summary and the anonymous ballots as CSV or as an Excel file. */
export function ExportCard() {
  const exporting = useExportResults();
  const button = (format: ExportFormat, label: string) => (
    <Button
      variant="outline"
      disabled={exporting.isPending}
      aria-busy={exporting.isPending && exporting.variables === format}
      onClick={() => exporting.mutate(format)}
    >
      <Download aria-hidden="true" />
      {label}
    </Button>
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t.exportCard}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2">
        <div className="grid grid-cols-2 gap-2">
          {button('csv', t.exportCsv)}
          {button('xlsx', t.exportXlsx)}
        </div>
        <p className="text-sm text-muted-foreground">{t.exportHelp}</p>
      </CardContent>
    </Card>
  );
}
