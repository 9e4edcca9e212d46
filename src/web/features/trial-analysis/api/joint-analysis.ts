/** POST /api/analises/conjunta as a read: the joint analysis of the experiments `ids`, in that order. */
import { useQuery } from '@tanstack/react-query';
import type { AnaliseConjuntaInput } from '../../../../shared/analise-conjunta.js';
import type { JointAnalysisResponse } from '../../../../shared/api-types.js';
import { api } from '../../../lib/api.js';

export const fetchJointAnalysis = (body: AnaliseConjuntaInput) =>
  api.request<JointAnalysisResponse>('/api/analises/conjunta', { method: 'POST', body });

export function useJointAnalysis(ids: readonly number[]) {
  return useQuery({
    queryKey: ['analise-conjunta', ids.join(',')],
    queryFn: () => fetchJointAnalysis({ experimentIds: [...ids] }),
    // Any experiment of the group may have been edited since: asked again on every visit.
    staleTime: 0,
    retry: false,
  });
}
