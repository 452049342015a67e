import { Download, FileUp } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { esPollFiles as t } from '../../../i18n/es-poll-files.ts';
import { useExportPollFile } from '../api/export-poll-file.ts';
import { ImportPollDialog } from './import-poll-dialog.tsx';

/** The panel's 'Archivo de la encuesta': export this poll, or import a file as a new one. */
export function PollFileCard({ slug, secret }: { slug: string; secret: string }) {
  const exporting = useExportPollFile(slug, secret);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t.card}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2">
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-1">
          <Button
            variant="outline"
            disabled={exporting.isPending}
            aria-busy={exporting.isPending}
            onClick={() => exporting.mutate()}
          >
            <Download aria-hidden="true" />
            {t.export}
          </Button>
          <ImportPollDialog
            trigger={
              <Button variant="outline">
                <FileUp aria-hidden="true" />
                {t.import}
              </Button>
            }
          />
        </div>
        <p className="text-sm text-muted-foreground">{t.cardHelp}</p>
      </CardContent>
    </Card>
  );
}

/** The home page's 'Crear desde archivo'. */
export function CreateFromFile() {
  return (
    <div className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1 text-center text-sm text-muted-foreground">
      <span>{t.createFromFileHelp}</span>
      <ImportPollDialog
        trigger={
          <Button variant="outline" size="sm">
            <FileUp aria-hidden="true" />
            {t.createFromFile}
          </Button>
        }
      />
    </div>
  );
}
