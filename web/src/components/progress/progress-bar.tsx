import { useTranslation } from '../../i18n/translation';
import { mobileWindow, stageFills, type StageFill } from './progress';
import type { StageName } from '@portal/libs';

function Stage({ f }: { f: StageFill }) {
  const { t } = useTranslation();
  const label = t(`progress.stages.${f.name}`);
  return (
    <li
      className={`stage${f.current ? ' current' : ''}${f.percent === 100 ? ' done' : ''}`}
      aria-current={f.current ? 'step' : undefined}
    >
      <span className="stage-name">
        <span className="stage-number">{f.number}</span> {label}
      </span>
      <span
        className="stage-track"
        role="progressbar"
        aria-label={t('progress.stageProgress', { stage: label })}
        aria-valuenow={f.percent}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <span className="stage-fill" style={{ width: `${f.percent}%` }} />
      </span>
    </li>
  );
}

export function ProgressBar({ stage, step }: { stage: StageName; step: number }) {
  const { t } = useTranslation();
  const fills = stageFills(stage, step);
  return (
    <nav className="progress" aria-label={t('progress.label')}>
      <ol className="progress-wide">
        {fills.map((f) => (
          <Stage key={f.name} f={f} />
        ))}
      </ol>
      <ol className="progress-narrow">
        {mobileWindow(fills).map((f) => (
          <Stage key={f.name} f={f} />
        ))}
      </ol>
    </nav>
  );
}
