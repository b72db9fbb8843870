/** The detail's "report a problem": a button, and the form (loaded when first opened) below it. */
import { Suspense } from 'react';
import { Button } from '@mantine/core';
import { IconFlag } from '@tabler/icons-react';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { t } from '../i18n/words';
import { BusyIndicator } from '../ui/Feedback';
import { useRetriableLazy } from '../ui/retriableLazy';
import { liveProblemReportMachine } from './liveMachines';

export type ReportActor = ActorRefFrom<typeof liveProblemReportMachine>;

const loadForm = () => import('./ReportProblemForm');

export function ReportProblem({ guid }: { guid: string }) {
  const actor = useActorRef(liveProblemReportMachine, { input: { guid } });
  const closed = useSelector(actor, (s) => s.matches('closed'));
  const [Form] = useRetriableLazy(loadForm);
  if (closed)
    return (
      <Button
        variant="subtle"
        color="gray"
        size="compact-sm"
        w="fit-content"
        leftSection={<IconFlag size={14} />}
        onClick={() => actor.send({ type: 'OPEN' })}
        data-testid="report-open"
      >
        {t.report.open}
      </Button>
    );
  return (
    <section aria-label={t.report.heading} className="report-problem">
      <Suspense fallback={<BusyIndicator />}>
        <Form actor={actor} />
      </Suspense>
    </section>
  );
}
