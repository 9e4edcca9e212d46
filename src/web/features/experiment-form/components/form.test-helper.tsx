/**
 * Experiment-form component tests: a step rendered inside the form the wizard builds (same
 * schema, same onChange mode), in a query client without retries.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { FormProvider, type Resolver, type UseFormReturn, useForm } from 'react-hook-form';
import { type ExperimentData, experimentSchema } from '../../../../shared/experiment.js';
import { type FormValues, newExperimentDefaults } from '../form-values.js';

type Form = UseFormReturn<FormValues, unknown, ExperimentData>;

const resolver = zodResolver(experimentSchema) as unknown as Resolver<FormValues, unknown, ExperimentData>;

export interface InFormOptions {
  /** Validate with the experiment's schema, as the wizard does (default); false leaves the form unvalidated. */
  schema?: boolean;
  /** More controls after `body`, given the form and a way to render it again. */
  extra?: (form: Form, rerender: () => void) => ReactNode;
}

/** Renders `body` in the form, its defaults a new experiment's with `values` on top; `form()` is the live form. */
export function renderInForm(body: ReactNode, values: Partial<FormValues> = {}, { schema = true, extra }: InFormOptions = {}) {
  let form!: Form;
  function Harness() {
    const methods = useForm<FormValues, unknown, ExperimentData>({
      ...(schema ? { resolver } : {}),
      mode: 'onChange',
      defaultValues: { ...newExperimentDefaults(), ...values },
    });
    form = methods;
    const [, rerender] = useState(0);
    return (
      <FormProvider {...methods}>
        {body}
        {extra?.(methods, () => rerender((n) => n + 1))}
      </FormProvider>
    );
  }
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Harness />
    </QueryClientProvider>,
  );
  return { form: () => form };
}
