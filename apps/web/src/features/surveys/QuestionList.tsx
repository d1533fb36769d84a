import { type SurveyQuestionWithCounts, surveyQuestionTypeLabels } from '@avlu/contracts';
import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../lib/a11y/visually-hidden';
import { useLanguage } from '../../lib/i18n/use-language';

type Direction = 'up' | 'down';

type QuestionListProps = {
  questions: SurveyQuestionWithCounts[];
  /** Customers answered the survey: questions are not deleted (their text and order still change). */
  answered: boolean;
  /** A move is under way: the next waits for it (the buttons stay enabled, so focus stays on them). */
  moving: boolean;
  onMove: (question: SurveyQuestionWithCounts, order: number) => void;
  onEdit: (question: SurveyQuestionWithCounts) => void;
  onRemove: (question: SurveyQuestionWithCounts) => void;
};

const Action = ({
  label,
  onClick,
  disabled,
  color,
  children,
  buttonRef,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  color?: 'error';
  children: ReactNode;
  buttonRef?: (element: HTMLButtonElement | null) => void;
}) => (
  <Tooltip title={label} describeChild>
    <span>
      <IconButton
        ref={buttonRef}
        size="small"
        aria-label={label}
        onClick={onClick}
        disabled={disabled}
        color={color}
      >
        {children}
      </IconButton>
    </span>
  </Tooltip>
);

type ItemProps = Omit<QuestionListProps, 'questions' | 'onMove'> & {
  question: SurveyQuestionWithCounts;
  count: number;
  onStep: (direction: Direction) => void;
  register: (id: string, direction: Direction, element: HTMLButtonElement | null) => void;
};

function SortableQuestion({
  question,
  count,
  answered,
  moving,
  onStep,
  onEdit,
  onRemove,
  register,
}: ItemProps) {
  const { t } = useTranslation('surveys');
  const language = useLanguage();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: question._id, disabled: moving });
  const order = question.survey_question_order;
  const text = question.survey_question_text;
  return (
    <Paper
      component="li"
      ref={setNodeRef}
      variant="outlined"
      sx={{
        display: 'flex',
        alignItems: 'flex-start',
        gap: 1,
        p: 1.5,
        position: 'relative',
        zIndex: isDragging ? 1 : undefined,
        boxShadow: isDragging ? 8 : undefined,
      }}
      style={{
        transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined,
        transition,
      }}
    >
      <Tooltip title={t('questions.drag')} describeChild>
        <IconButton
          ref={setActivatorNodeRef}
          size="small"
          aria-label={t('questions.dragLabel', { order, text })}
          sx={{ cursor: moving ? 'default' : 'grab', touchAction: 'none', mt: 0.25 }}
          {...attributes}
          {...listeners}
        >
          <DragIndicatorIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="subtitle1" component="h3" sx={{ overflowWrap: 'anywhere' }}>
          {order}. {text}
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 0.5, alignItems: 'center' }}>
          <Chip
            size="small"
            color="primary"
            variant="outlined"
            label={surveyQuestionTypeLabels[language][question.survey_question_type]}
          />
          {question.survey_question_choices.map((choice) => (
            <Chip key={choice} size="small" label={choice} />
          ))}
          <Typography variant="body2" color="text.secondary" sx={{ ml: 0.5 }}>
            {t('questions.answers', { count: question.survey_question_answer_count })}
          </Typography>
        </Stack>
      </Box>
      <Stack direction="row" sx={{ flexShrink: 0 }}>
        <Action
          label={t('questions.moveUp', { order, text })}
          disabled={order === 1}
          onClick={() => onStep('up')}
          buttonRef={(element) => register(question._id, 'up', element)}
        >
          <ArrowUpwardIcon fontSize="small" />
        </Action>
        <Action
          label={t('questions.moveDown', { order, text })}
          disabled={order === count}
          onClick={() => onStep('down')}
          buttonRef={(element) => register(question._id, 'down', element)}
        >
          <ArrowDownwardIcon fontSize="small" />
        </Action>
        <Action label={t('questions.editLabel', { order, text })} onClick={() => onEdit(question)}>
          <EditOutlinedIcon fontSize="small" />
        </Action>
        <Action
          label={t('questions.removeLabel', { order, text })}
          color="error"
          disabled={answered}
          onClick={() => onRemove(question)}
        >
          <DeleteOutlineIcon fontSize="small" />
        </Action>
      </Stack>
    </Paper>
  );
}

/**
 * The survey's questions in their order. The order changes by dragging a question's handle (mouse,
 * touch, or the keyboard: space to lift, arrows, space to drop) or with its up and down buttons;
 * each move is announced, and focus stays with the moved question's buttons.
 */
export function QuestionList({ questions, answered, moving, onMove, onEdit, onRemove }: QuestionListProps) {
  const { t } = useTranslation('surveys');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = useMemo(() => questions.map((question) => question._id), [questions]);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const refocus = useRef<{ id: string; direction: Direction } | null>(null);
  const [said, say] = useState('');
  const register = (id: string, direction: Direction, element: HTMLButtonElement | null) => {
    if (element) buttons.current.set(`${id}:${direction}`, element);
    else buttons.current.delete(`${id}:${direction}`);
  };

  // After a move by button: keep focus on the moved question, on the other button once this one is disabled.
  useEffect(() => {
    const target = refocus.current;
    if (!target || moving) return;
    refocus.current = null;
    const same = buttons.current.get(`${target.id}:${target.direction}`);
    const other = buttons.current.get(`${target.id}:${target.direction === 'up' ? 'down' : 'up'}`);
    (same && !same.disabled ? same : other)?.focus();
  });

  const textOf = (id: UniqueIdentifier) =>
    questions.find((question) => question._id === id)?.survey_question_text ?? '';
  const orderOf = (id: UniqueIdentifier | undefined) => ids.indexOf(String(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      t('questions.dnd.start', { text: textOf(active.id), order: orderOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? t('questions.dnd.over', { text: textOf(active.id), order: orderOf(over.id) }) : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? t('questions.dnd.end', { text: textOf(active.id), order: orderOf(over.id) })
        : t('questions.dnd.cancel', { text: textOf(active.id) }),
    onDragCancel: ({ active }) => t('questions.dnd.cancel', { text: textOf(active.id) }),
  };

  const dropped = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const question = questions.find((each) => each._id === active.id);
    if (question) onMove(question, orderOf(over.id));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={dropped}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t('questions.dnd.instructions') },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <Stack
          component="ol"
          spacing={1}
          sx={{ listStyle: 'none', m: 0, p: 0 }}
          aria-label={t('questions.listLabel')}
        >
          {questions.map((question) => (
            <SortableQuestion
              key={question._id}
              question={question}
              count={questions.length}
              answered={answered}
              moving={moving}
              onEdit={onEdit}
              onRemove={onRemove}
              register={register}
              onStep={(direction) => {
                if (moving) return;
                refocus.current = { id: question._id, direction };
                const order = question.survey_question_order + (direction === 'up' ? -1 : 1);
                say(t('questions.moved', { text: question.survey_question_text, order }));
                onMove(question, order);
              }}
            />
          ))}
        </Stack>
      </SortableContext>
      <Box role="status" sx={visuallyHidden}>
        {said}
      </Box>
    </DndContext>
  );
}
