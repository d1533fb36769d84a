import {
  type Survey,
  type SurveyInput,
  type SurveyQuestion,
  type SurveyQuestionInput,
  type SurveyQuestionWithCounts,
  survey,
  surveyInput,
  surveyQuestion,
  surveyQuestionWithCounts,
} from '@avlu/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { type ApiError, api, type DownloadProgress } from '../../lib/api';
import { defineResource, queryList } from '../../lib/resource';

/**
 * The mall's surveys (spec §7 "Surveys"): the list is GET /survey, one survey GET/PUT/DELETE
 * /survey/{id}, a new one POST /survey.
 */
export const surveys = defineResource<Survey, SurveyInput>({
  name: 'surveys',
  path: '/survey',
  item: survey,
  input: surveyInput,
  list: queryList('/survey'),
  messages: {
    created: 'surveys:created',
    updated: 'surveys:updated',
    removed: 'surveys:removed',
  },
});

/** GET /survey/{id}/export: a row per customer's answers and a sheet of counts, as an xlsx. */
export const exportSurvey = (id: string, onProgress: (progress: DownloadProgress) => void) =>
  api.download('GET', `/survey/${id}/export`, { onProgress });

const questionsKey = (surveyId: string) => [...surveys.keys.detail(surveyId), 'questions'];

/** GET /survey/{id}/questions: the survey's questions in their order, each with its answers' counts. */
export const useSurveyQuestions = (surveyId: string | undefined) =>
  useQuery<SurveyQuestionWithCounts[], ApiError>({
    queryKey: questionsKey(surveyId ?? ''),
    queryFn: ({ signal }) =>
      api.get(`/survey/${surveyId}/questions`, {
        schema: z.array(surveyQuestionWithCounts),
        signal,
        dedupe: false,
      }),
    enabled: Boolean(surveyId),
  });

/** A question as its PUT sends it again: every field, the choices only for the types that have them. */
export const questionBody = (question: SurveyQuestion, order?: number): SurveyQuestionInput => ({
  survey_question_text: question.survey_question_text,
  survey_question_type: question.survey_question_type,
  survey_question_choices: question.survey_question_choices,
  ...(order !== undefined && { survey_question_order: order }),
});

/** The list moved: `id` taken out and put at `order` (1-based). */
export const moved = <T extends { _id: string }>(list: readonly T[], id: string, order: number) => {
  const from = list.findIndex((item) => item._id === id);
  if (from < 0) return [...list];
  const rest = list.filter((item) => item._id !== id);
  const at = Math.min(Math.max(order - 1, 0), rest.length);
  return [...rest.slice(0, at), list[from]!, ...rest.slice(at)];
};

/**
 * The question calls of one survey: add, change, delete and move. Each refreshes the questions and
 * the survey (its question count, and whether customers have answered it meanwhile: a 409
 * SURVEY_ANSWERED refreshes it too, so the screen locks what can no longer change).
 */
export const useQuestionCalls = (surveyId: string) => {
  const queryClient = useQueryClient();
  const key = questionsKey(surveyId);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: surveys.keys.detail(surveyId) }),
      queryClient.invalidateQueries({ queryKey: surveys.keys.lists() }),
    ]);
  const base = `/survey/${surveyId}/questions`;
  const options = { invalidates: () => [surveys.keys.detail(surveyId), surveys.keys.lists()] };
  /** The call, refreshing the survey when the server says customers answered it meanwhile. */
  const guarded =
    <Vars, Result>(call: (vars: Vars) => Promise<Result>) =>
    async (vars: Vars) => {
      try {
        return await call(vars);
      } catch (error) {
        if ((error as ApiError).code === 'SURVEY_ANSWERED') void refresh();
        throw error;
      }
    };

  // The dialogs show a refusal themselves (error: false); a delete's refusal is a toast.
  const create = surveys.useAction(
    guarded((body: SurveyQuestionInput) => api.post(base, body, { schema: surveyQuestion })),
    { ...options, success: 'surveys:questions.created', error: false },
  );
  const update = surveys.useAction(
    guarded(({ id, body }: { id: string; body: SurveyQuestionInput }) =>
      api.put(`${base}/${id}`, body, { schema: surveyQuestion }),
    ),
    { ...options, success: 'surveys:questions.updated', error: false },
  );
  const remove = surveys.useAction(
    guarded((id: string) => api.delete(`${base}/${id}`)),
    { ...options, success: 'surveys:questions.removed' },
  );
  // A move shows at once; the server's order replaces it when the call returns, or puts it back on a failure.
  const move = surveys.useAction(
    async ({ question, order }: { question: SurveyQuestion; order: number }) => {
      const before = queryClient.getQueryData<SurveyQuestionWithCounts[]>(key);
      if (before) {
        await queryClient.cancelQueries({ queryKey: key });
        queryClient.setQueryData(
          key,
          moved(before, question._id, order).map((each, index) => ({
            ...each,
            survey_question_order: index + 1,
          })),
        );
      }
      try {
        return await api.put(`${base}/${question._id}`, questionBody(question, order), {
          schema: surveyQuestion,
          dedupe: false,
        });
      } catch (error) {
        if (before) queryClient.setQueryData(key, before);
        throw error;
      }
    },
    { invalidates: () => [key], success: false },
  );
  return { create, update, remove, move };
};
