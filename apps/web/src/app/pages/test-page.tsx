import { LOADING_ANIMATION, PAGE_PATHS, type LoadingAnimationSize } from '@quillpost/domain';
import { useId, useState } from 'react';
import { LoadingAnimation } from '../../components/loading-animation';
import { Field } from '../../components/field';
import { TextField } from '../../components/text-field';
import { PageHeader } from '../../components/page-header';
import { usePrefersReducedMotion } from '../../lib/use-reduced-motion';
import type { PageMetaFunction } from '../../lib/route-handle';
import './test-page.css';

export const meta: PageMetaFunction = () => ({
  title: 'Test page',
  description: 'Every loading animation on the site in every size, for checking them by eye.',
  path: PAGE_PATHS.loadingAnimations,
  noindex: true,
});

/** The spec's test page: every loading animation variant, with controls for size and progress. */
export default function TestPage() {
  const [size, setSize] = useState<LoadingAnimationSize>('medium');
  const [progress, setProgress] = useState(40);
  const [showProgress, setShowProgress] = useState(false);
  const [text, setText] = useState('Writing something worth reading...');
  const reducedMotion = usePrefersReducedMotion();
  const ids = { size: useId(), progress: useId(), text: useId() };

  return (
    <div className="page">
      <PageHeader
        eyebrow="Test page"
        title="Loading animations"
        lede="The seven variants the site uses while it waits for something, side by side."
      />

      <form className="test-controls" onSubmit={(event) => event.preventDefault()}>
        <fieldset className="test-controls__group">
          <legend className="field__label">Size</legend>
          <div className="test-controls__options">
            {LOADING_ANIMATION.sizes.map((option) => (
              <label key={option} className="checkbox">
                <input
                  type="radio"
                  name={ids.size}
                  value={option}
                  checked={size === option}
                  onChange={() => setSize(option)}
                />
                {option}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="test-controls__group">
          <label className="checkbox">
            <input
              type="checkbox"
              checked={showProgress}
              onChange={(event) => setShowProgress(event.target.checked)}
            />
            Show progress
          </label>
          <Field id={ids.progress} label={`Progress: ${progress} (clamped to 0–100)`} inline>
            {(control) => (
              <input
                {...control}
                type="range"
                min={-20}
                max={120}
                value={progress}
                disabled={!showProgress}
                onChange={(event) => setProgress(Number(event.target.value))}
              />
            )}
          </Field>
        </div>
        <TextField
          id={ids.text}
          label="Typewriter text"
          className="test-controls__group"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </form>

      <p className="ui-text muted">
        {reducedMotion
          ? 'Your system asks for reduced motion, so the animations hold still and the typewriter shows its whole text.'
          : 'Animations play. Turn on “reduce motion” in your system settings to see their still versions.'}
      </p>

      <ul className="test-grid">
        {LOADING_ANIMATION.variants.map((variant) => (
          <li key={variant} className="test-grid__cell">
            <h2 className="test-grid__name">{variant}</h2>
            <LoadingAnimation
              variant={variant}
              size={size}
              label={`Example: ${variant}`}
              text={variant === 'typewriter' ? text : undefined}
              progress={showProgress ? progress : undefined}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
