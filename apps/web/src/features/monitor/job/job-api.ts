import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeadLetterPage, JobLogPage, JobRun, SysJob, SysJobPage } from '@cloudbay/contracts';
import { api } from '../../../lib/request';

export interface JobFilter {
  jobName?: string;
  status?: '0' | '1';
}

export interface JobLogFilter {
  status?: '0' | '1';
  begin_time?: string;
  end_time?: string;
}

const jobKey = ['monitor', 'job'] as const;
const jobLogKey = ['monitor', 'jobLog'] as const;
const deadLetterKey = ['monitor', 'deadLetters'] as const;

/** GET /monitor/job/list: the scheduled jobs (last and next run change, so they are asked again on focus). */
export function useJobs(query: JobFilter & { page: number; limit: number }) {
  return useQuery({
    queryKey: [...jobKey, 'list', query],
    queryFn: async () => (await api.get<SysJobPage>('/monitor/job/list', { ...query })).data,
    placeholderData: keepPreviousData,
  });
}

/** GET /monitor/job/{id}: the job a job-log page is about. */
export function useJob(id: number) {
  return useQuery({
    queryKey: [...jobKey, 'one', id],
    queryFn: async () => (await api.get<SysJob>(`/monitor/job/${id}`)).data,
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** Every job write refreshes the jobs and their log (a run adds a log row once a worker took it). */
function useJobMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: jobKey });
      await queryClient.invalidateQueries({ queryKey: jobLogKey });
    },
  });
}

/** PUT /monitor/job: cron (validated by the server) and remark. */
export const useEditJob = () =>
  useJobMutation((body: { id: number; cron: string; remark: string | null }) =>
    api.put<SysJob>('/monitor/job', body),
  );

/** PUT /monitor/job/changeStatus: '1' pauses (unscheduled), '0' resumes. */
export const useChangeJobStatus = () =>
  useJobMutation((body: { id: number; status: '0' | '1' }) =>
    // The body names the status wanted, so a pause then a resume in quick succession are two
    // different requests, not a repeat: the duplicate-submission guard would refuse the second.
    api.put<SysJob>('/monitor/job/changeStatus', body, { repeatSubmit: false }),
  );

/** PUT /monitor/job/run: sends the job once now. */
export const useRunJob = () =>
  useJobMutation(async (id: number) => (await api.put<JobRun>('/monitor/job/run', { id })).data);

/** GET /monitor/jobLog/list for one job. */
export function useJobLogs(query: JobLogFilter & { jobId: number; page: number; limit: number }) {
  return useQuery({
    queryKey: [...jobLogKey, query],
    queryFn: async () => (await api.get<JobLogPage>('/monitor/jobLog/list', { ...query })).data,
    placeholderData: keepPreviousData,
  });
}

/** DELETE /monitor/jobLog/{ids}. */
export const useDeleteJobLogs = () =>
  useJobMutation((ids: number[]) => api.delete(`/monitor/jobLog/${ids.join(',')}`));

/** DELETE /monitor/jobLog/clean?jobId=…: one job's whole log. */
export const useCleanJobLog = () =>
  useJobMutation((jobId: number) => api.delete('/monitor/jobLog/clean', { jobId }));

/** GET /monitor/job/dead_letters: jobs that failed after every retry. */
export function useDeadLetters(page: number, limit: number) {
  return useQuery({
    queryKey: [...deadLetterKey, page, limit],
    queryFn: async () => (await api.get<DeadLetterPage>('/monitor/job/dead_letters', { page, limit })).data,
    placeholderData: keepPreviousData,
  });
}

/** POST /monitor/job/dead_letters/{id}/retry: back in its queue. */
export function useRetryDeadLetter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post(`/monitor/job/dead_letters/${id}/retry`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deadLetterKey }),
  });
}
