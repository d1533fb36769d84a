import type { SurveyQuestionWithCounts } from '@avlu/contracts';
import { surveyQuestionTypeLabels } from '@avlu/contracts';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../lib/a11y/visually-hidden';
import { useNumbers } from '../../lib/i18n/numbers';
import { useLanguage } from '../../lib/i18n/use-language';

type Row = { label: string; count: number };

/** The chart's numbers as a table: read by screen readers always, shown when the switch asks. */
function CountsTable({
  caption,
  header,
  rows,
  total,
  shown,
}: {
  caption: string;
  header: string;
  rows: Row[];
  total: number;
  shown: boolean;
}) {
  const { t } = useTranslation('surveys');
  const numbers = useNumbers();
  return (
    <Table size="small" sx={shown ? { mt: 1 } : visuallyHidden}>
      <caption style={shown ? { captionSide: 'top', textAlign: 'left', padding: 0 } : undefined}>
        {caption}
      </caption>
      <TableHead>
        <TableRow>
          <TableCell component="th" scope="col">
            {header}
          </TableCell>
          <TableCell component="th" scope="col" align="right">
            {t('results.count')}
          </TableCell>
          <TableCell component="th" scope="col" align="right">
            {t('results.share')}
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.label}>
            <TableCell component="th" scope="row">
              {row.label}
            </TableCell>
            <TableCell align="right">{numbers.count(row.count)}</TableCell>
            <TableCell align="right">{total > 0 ? numbers.percent(row.count / total) : '–'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * A bar chart of the counts, a picture only: screen readers read the table instead, so the chart is
 * hidden from them and takes no focus.
 */
function CountsChart({ rows, horizontal }: { rows: Row[]; horizontal: boolean }) {
  const { t } = useTranslation('surveys');
  const theme = useTheme();
  const numbers = useNumbers();
  const band = { scaleType: 'band' as const, data: rows.map((row) => row.label) };
  // Room above the largest count for its label, which sits beside its bar.
  const most = Math.max(0, ...rows.map((row) => row.count));
  const value = {
    min: 0,
    max: Math.max(1, Math.ceil(most * 1.12)),
    tickMinStep: 1,
    valueFormatter: (count: number) => numbers.count(count),
  };
  const longest = Math.max(...rows.map((row) => row.label.length), 4);
  return (
    <Box aria-hidden sx={{ width: 1 }}>
      <BarChart
        height={horizontal ? Math.max(140, rows.length * 40 + 50) : 240}
        layout={horizontal ? 'horizontal' : 'vertical'}
        series={[
          {
            data: rows.map((row) => row.count),
            label: t('results.count'),
            color: theme.palette.primary.main,
            // Beside the bar, in the text's colour: readable on any bar, however short.
            barLabelPlacement: 'outside',
            barLabel: (item) => (item.value ? numbers.count(item.value) : null),
            valueFormatter: (count) => numbers.count(count ?? 0),
          },
        ]}
        {...(horizontal
          ? { yAxis: [{ ...band, width: Math.min(220, longest * 7 + 16) }], xAxis: [value] }
          : { xAxis: [band], yAxis: [value] })}
        hideLegend
        disableKeyboardNavigation
        borderRadius={4}
        margin={horizontal ? { right: 40 } : { top: 24 }}
        localeText={{ noData: t('results.noAnswers'), loading: t('results.loading') }}
      />
    </Box>
  );
}

function QuestionResult({ question, tables }: { question: SurveyQuestionWithCounts; tables: boolean }) {
  const { t } = useTranslation('surveys');
  const language = useLanguage();
  const numbers = useNumbers();
  const total = question.survey_question_answer_count;
  const text = `${question.survey_question_order}. ${question.survey_question_text}`;
  const type = question.survey_question_type;
  const stars = question.survey_question_star_counts.map(({ stars: each, count }) => ({
    label: t('results.stars', { count: each }),
    count,
  }));
  const choices = question.survey_question_counts.map(({ choice, count }) => ({ label: choice, count }));
  return (
    <Card component="section" variant="outlined" sx={{ p: 2 }} aria-label={text}>
      <Typography variant="subtitle1" component="h3" sx={{ overflowWrap: 'anywhere' }}>
        {text}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {surveyQuestionTypeLabels[language][type]} · {t('questions.answers', { count: total })}
      </Typography>
      {type === 'free_text' ? (
        <Stack spacing={0.5}>
          <Typography variant="h4" component="p">
            {t('results.written', { count: total, formatted: numbers.count(total) })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('results.writtenHint')}
          </Typography>
        </Stack>
      ) : type === 'star_rating' ? (
        <>
          <Typography variant="h5" component="p">
            {question.survey_question_star_average === null
              ? t('results.noRatings')
              : t('results.average', {
                  average: numbers.oneDecimal(question.survey_question_star_average),
                })}
          </Typography>
          <CountsChart rows={stars} horizontal={false} />
          <CountsTable
            caption={t('results.starsCaption', { text })}
            header={t('results.starsHeader')}
            rows={stars}
            total={total}
            shown={tables}
          />
        </>
      ) : (
        <>
          {type === 'multi' && (
            <Typography variant="body2" color="text.secondary">
              {t('results.multiHint')}
            </Typography>
          )}
          <CountsChart rows={choices} horizontal />
          <CountsTable
            caption={t('results.choicesCaption', { text })}
            header={t('results.choice')}
            rows={choices}
            total={total}
            shown={tables}
          />
        </>
      )}
    </Card>
  );
}

/**
 * What the customers answered, question by question (issue 15 #4): a bar chart of the choices of a
 * single or multiple choice question, the stars 1–5 of a rating with its average, the number of
 * written answers of free text. Each chart has its numbers as a table behind it, shown on request.
 */
export default function SurveyResults({ questions }: { questions: SurveyQuestionWithCounts[] }) {
  const { t } = useTranslation('surveys');
  const [tables, setTables] = useState(false);
  return (
    <Stack spacing={2}>
      <FormControlLabel
        sx={{ alignSelf: 'flex-start' }}
        control={<Switch checked={tables} onChange={(event) => setTables(event.target.checked)} />}
        label={t('results.showTables')}
      />
      {questions.map((question) => (
        <QuestionResult key={question._id} question={question} tables={tables} />
      ))}
    </Stack>
  );
}
