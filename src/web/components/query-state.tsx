import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../lib/api-client.js';
import { Alert } from './ui/alert.js';
import { Spinner } from './ui/spinner.js';

/**
 * A page's list query in its three states: a large spinner while it loads, the server's message (or
 * `errorText` when there is none) if it failed, then `children` with the data.
 */
export function QueryState<T>({
  query,
  errorText,
  children,
}: {
  query: UseQueryResult<T>;
  errorText: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <div className="flex justify-center py-12 text-brand-700">
        <Spinner className="h-8 w-8" />
      </div>
    );
  }
  if (query.isError) return <Alert tone="error">{query.error instanceof ApiError ? query.error.message : errorText}</Alert>;
  return children(query.data);
}
