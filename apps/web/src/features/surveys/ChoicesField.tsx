import { SURVEY_LIMITS, type SurveyQuestionInput } from '@avlu/contracts';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type ReactNode, useContext, useEffect, useId, useRef } from 'react';
import { type FieldError, useController, useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormFieldsContext } from '../../lib/form/form-context';

const NAME = 'survey_question_choices';

type ChoiceErrors = FieldError & Record<number, FieldError | undefined>;

const IconAction = ({
  label,
  onClick,
  disabled,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
}) => (
  <Tooltip title={label} describeChild>
    <span>
      <IconButton size="small" aria-label={label} onClick={onClick} disabled={disabled}>
        {children}
      </IconButton>
    </span>
  </Tooltip>
);

/**
 * The choices of a single or multiple choice question: one text box each, added, removed and moved
 * up or down with buttons (keyboard and screen readers alike). A rule on the whole list (at least
 * two) shows under it, a rule on one choice (repeated) under that choice, the server's too.
 */
export function ChoicesField({ disabled: locked }: { disabled?: boolean }) {
  const { t } = useTranslation('surveys');
  const headingId = useId();
  const { field, fieldState } = useController<SurveyQuestionInput, typeof NAME>({ name: NAME });
  const { isSubmitting } = useFormState();
  const disabled = locked || isSubmitting;
  const choices = field.value ?? [];
  const errors = fieldState.error as ChoiceErrors | undefined;
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const focusNext = useRef<number | null>(null);

  // Server errors name the list or one choice: both have a place on screen.
  const { shown } = useContext(FormFieldsContext);
  useEffect(() => {
    const names = [NAME, ...choices.map((_, index) => `${NAME}.${index}`)];
    for (const name of names) shown.add(name);
    return () => {
      for (const name of names) shown.delete(name);
    };
  }, [shown, choices]);

  useEffect(() => {
    if (focusNext.current === null) return;
    inputs.current[focusNext.current]?.focus();
    focusNext.current = null;
  });

  const change = (next: string[], focus?: number) => {
    focusNext.current = focus ?? null;
    field.onChange(next);
  };
  const move = (from: number, to: number) => {
    const next = [...choices];
    const [taken] = next.splice(from, 1);
    next.splice(to, 0, taken!);
    field.onChange(next);
  };

  return (
    <Stack component="fieldset" spacing={1} sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Typography component="legend" id={headingId} variant="subtitle2" sx={{ mb: 1 }}>
        {t('fields.survey_question_choices')}
      </Typography>
      <Stack component="ol" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {choices.map((choice, index) => {
          const label = t('questions.choice', { number: index + 1 });
          const error = errors?.[index]?.message;
          return (
            // Choices are texts without ids: the place is the key, the text box keeps its focus.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <Stack component="li" key={index} direction="row" spacing={0.5} sx={{ alignItems: 'flex-start' }}>
              <TextField
                size="small"
                fullWidth
                label={label}
                value={choice}
                disabled={disabled}
                error={Boolean(error)}
                helperText={error}
                inputRef={(element: HTMLInputElement | null) => {
                  inputs.current[index] = element;
                }}
                onChange={(event) =>
                  field.onChange(choices.map((each, at) => (at === index ? event.target.value : each)))
                }
                onBlur={field.onBlur}
                slotProps={{ htmlInput: { maxLength: SURVEY_LIMITS.choice.max } }}
              />
              <IconAction
                label={t('questions.choiceUp', { number: index + 1 })}
                disabled={disabled || index === 0}
                onClick={() => move(index, index - 1)}
              >
                <ArrowUpwardIcon fontSize="small" />
              </IconAction>
              <IconAction
                label={t('questions.choiceDown', { number: index + 1 })}
                disabled={disabled || index === choices.length - 1}
                onClick={() => move(index, index + 1)}
              >
                <ArrowDownwardIcon fontSize="small" />
              </IconAction>
              <IconAction
                label={t('questions.choiceRemove', { number: index + 1 })}
                disabled={disabled}
                onClick={() =>
                  change(
                    choices.filter((_, at) => at !== index),
                    Math.min(index, choices.length - 2),
                  )
                }
              >
                <DeleteOutlineIcon fontSize="small" />
              </IconAction>
            </Stack>
          );
        })}
      </Stack>
      {errors?.message ? (
        <FormHelperText error>{errors.message}</FormHelperText>
      ) : (
        <FormHelperText>
          {t(locked ? 'questions.choicesLocked' : 'questions.choicesHint', {
            minimum: SURVEY_LIMITS.choices.min,
            maximum: SURVEY_LIMITS.choices.max,
          })}
        </FormHelperText>
      )}
      <Button
        startIcon={<AddIcon />}
        sx={{ alignSelf: 'flex-start' }}
        disabled={disabled || choices.length >= SURVEY_LIMITS.choices.max}
        onClick={() => change([...choices, ''], choices.length)}
      >
        {t('questions.addChoice')}
      </Button>
    </Stack>
  );
}
