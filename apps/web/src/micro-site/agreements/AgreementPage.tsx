import type { AgreementType, MicroSiteLocation } from '@avlu/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { PageHeading, pageWaitingFor } from '../campaigns/PageStates';
import { Link, useLocationPath } from '../lib/router';
import { useSession } from '../lib/session';
import { useAgreements } from './data';
import { AGREEMENT_SLUGS, formatDay, shownAgreement, useAgreementT } from './texts';

/** The links under a text: all the agreements, and home for a signed-in customer (a guest goes back to sign in). */
function Links() {
  const { t } = useAgreementT();
  const { base, status } = useSession();
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Button component={Link} href={`${base}/agreements`}>
        {t('all')}
      </Button>
      {status === 'authenticated' && (
        <Button component={Link} href={base || '/'}>
          {t('home')}
        </Button>
      )}
    </Box>
  );
}

/** Spec §8 'agreement not found': no text of the type in use, or no such type in the address. */
function NotFound({ heading }: { heading: ReactNode }) {
  const { t } = useAgreementT();
  return (
    <Box sx={{ display: 'grid', gap: 2.5 }}>
      {heading}
      <Alert severity="warning">
        <strong>{t('notFound')}</strong>
        <br />
        {t('notFoundText')}
      </Alert>
      <Links />
    </Box>
  );
}

/**
 * The text of one type in use (spec §4 Agreement, issue 17 #6): its title, text and date, with its
 * PDF in the page's language to download; 'agreement not found' when the mall has none in use,
 * 'PDF agreement text not found' when the text has no PDF in that language (spec §8).
 */
function Agreement({ type }: { type: AgreementType }) {
  const { t, language } = useAgreementT();
  const load = useAgreements({ agreement_type: type });
  const typeHeading = <PageHeading title={t(`types.${type}`)} text={t(`typeTexts.${type}`)} />;
  const waiting = pageWaitingFor(load, typeHeading, t('loadError'));
  if (waiting) return waiting;
  const agreement = shownAgreement(load.data ?? [], type);
  if (!agreement) return <NotFound heading={typeHeading} />;
  const pdf = language === 'en' ? agreement.agreement_text_pdf_en : agreement.agreement_text_pdf_tr;
  const otherPdf = language === 'en' ? agreement.agreement_text_pdf_tr : agreement.agreement_text_pdf_en;
  return (
    <Box component="article" sx={{ display: 'grid', gap: 2.5 }}>
      <PageHeading
        title={agreement.agreement_title}
        text={t('inForce', { date: formatDay(agreement.createdAt, language) })}
      />
      {pdf ? (
        <Button
          component="a"
          href={pdf}
          download
          target="_blank"
          rel="noopener"
          variant="contained"
          size="large"
        >
          {t('downloadPdf')}
        </Button>
      ) : (
        <Alert severity="info" role="status">
          {t('pdfNotFound')}
          {otherPdf && (
            <>
              {' · '}
              <Box
                component="a"
                href={otherPdf}
                download
                target="_blank"
                rel="noopener"
                sx={{ color: 'inherit' }}
              >
                {t('otherPdf')}
              </Box>
            </>
          )}
        </Alert>
      )}
      {/* A long legal text: readable line length and paragraphs kept as written. */}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
        <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {agreement.agreement_text}
        </Typography>
      </Paper>
      <Links />
    </Box>
  );
}

/** `agreements/{type}`: terms-and-conditions, etk-permissions or kvkk; guests may read them too. */
export default function AgreementPage({ location: _ }: { location: MicroSiteLocation | null }) {
  const path = useLocationPath();
  const slug = /\/agreements\/([^/?]+)/.exec(path)?.[1] ?? '';
  const type = AGREEMENT_SLUGS[slug];
  const { t } = useAgreementT();
  // Not the micro-site's Not Found page: importing it from here splits the first load's chunks (+0.7 KB).
  if (!type) return <NotFound heading={<PageHeading title={t('title')} text={t('text')} />} />;
  // A page of its own per type: going from one text to another starts its loading afresh.
  return <Agreement key={type} type={type} />;
}
