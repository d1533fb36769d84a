import type { CampaignType } from '@avlu/contracts';
import sharp from 'sharp';

/**
 * Banners for the demo campaigns, drawn at first start: a two-colour gradient per type, soft circles
 * and the type's motif in white. No text, so they look the same on a server without fonts.
 */
export const BANNER_WIDTH = 960;
export const BANNER_HEIGHT = 480;

const palettes: Record<CampaignType, [string, string]> = {
  basic: ['#2563eb', '#60a5fa'],
  code: ['#7c3aed', '#c084fc'],
  coupon: ['#db2777', '#f9a8d4'],
  over_limit_coupon: ['#b91c1c', '#f87171'],
  session_coupon: ['#c2410c', '#fdba74'],
  third_party: ['#0f766e', '#5eead4'],
  scratch_card: ['#a16207', '#fde047'],
  wheel_of_fortune: ['#9333ea', '#f472b6'],
  survey: ['#0369a1', '#7dd3fc'],
  birthday: ['#be185d', '#fcd34d'],
  parking: ['#334155', '#94a3b8'],
  regular_code: ['#4d7c0f', '#bef264'],
  receipt: ['#047857', '#6ee7b7'],
};

/** The type's motif, centred on (cx, cy), in white. */
const motif = (type: CampaignType, cx: number, cy: number): string => {
  const white = 'fill="#ffffff"';
  switch (type) {
    case 'coupon':
    case 'over_limit_coupon':
    case 'session_coupon':
    case 'code':
    case 'regular_code':
      // A ticket with its notches and a dashed tear line.
      return `<g transform="translate(${cx - 150} ${cy - 80})">
        <path ${white} d="M0 0h300v60a20 20 0 0 0 0 40v60H0v-60a20 20 0 0 0 0-40z"/>
        <line x1="210" y1="12" x2="210" y2="148" stroke="${palettes[type][0]}" stroke-width="6" stroke-dasharray="12 10"/>
        <circle cx="105" cy="80" r="34" fill="${palettes[type][1]}"/></g>`;
    case 'birthday':
      return `<g transform="translate(${cx - 110} ${cy - 110})">
        <rect ${white} x="20" y="90" width="180" height="130" rx="12"/>
        <rect fill="${palettes.birthday[0]}" x="95" y="90" width="30" height="130"/>
        <rect ${white} x="0" y="60" width="220" height="40" rx="8"/>
        <path ${white} d="M110 60c-30-50-80-40-60 0zM110 60c30-50 80-40 60 0z"/></g>`;
    case 'wheel_of_fortune': {
      const slices = Array.from({ length: 8 }, (_, index) => {
        const from = (index * Math.PI) / 4;
        const to = from + Math.PI / 4;
        const point = (angle: number) => `${cx + 130 * Math.cos(angle)} ${cy + 130 * Math.sin(angle)}`;
        const colour = index % 2 === 0 ? '#ffffff' : palettes.wheel_of_fortune[1];
        return `<path fill="${colour}" d="M${cx} ${cy}L${point(from)}A130 130 0 0 1 ${point(to)}z"/>`;
      }).join('');
      return `${slices}<circle cx="${cx}" cy="${cy}" r="22" fill="${palettes.wheel_of_fortune[0]}"/>`;
    }
    case 'scratch_card':
      return `<g transform="translate(${cx - 160} ${cy - 95})">
        <rect ${white} width="320" height="190" rx="16"/>
        <rect fill="#d4d4d8" x="30" y="40" width="260" height="110" rx="10"/>
        <path fill="#ffffff" d="M60 150l90-110h40l-90 110z" opacity="0.9"/></g>`;
    case 'survey':
      return `<g transform="translate(${cx - 120} ${cy - 130})">
        <rect ${white} width="240" height="260" rx="16"/>
        ${[60, 130, 200]
          .map(
            (y) =>
              `<circle cx="50" cy="${y}" r="16" fill="${palettes.survey[1]}"/><rect x="85" y="${y - 8}" width="120" height="16" rx="8" fill="${palettes.survey[0]}"/>`,
          )
          .join('')}</g>`;
    case 'parking':
      return `<g transform="translate(${cx - 110} ${cy - 110})">
        <rect ${white} width="220" height="220" rx="36"/>
        <path fill="${palettes.parking[0]}" d="M70 180V40h60a45 45 0 0 1 0 90h-28v50zM102 100h26a15 15 0 0 0 0-30h-26z"/></g>`;
    case 'receipt':
      return `<g transform="translate(${cx - 100} ${cy - 140})">
        <path ${white} d="M0 0h200v280l-25-18-25 18-25-18-25 18-25-18-25 18-25-18-25 18z"/>
        ${[50, 90, 130, 170]
          .map(
            (y) =>
              `<rect x="30" y="${y}" width="${y === 170 ? 80 : 140}" height="14" rx="7" fill="${palettes.receipt[0]}"/>`,
          )
          .join('')}</g>`;
    case 'third_party':
      return `<g ${white}><circle cx="${cx - 60}" cy="${cy}" r="90" opacity="0.85"/><circle cx="${cx + 60}" cy="${cy}" r="90" opacity="0.85"/></g>`;
    case 'basic':
      // A star.
      return `<path ${white} d="${Array.from({ length: 10 }, (_, index) => {
        const radius = index % 2 === 0 ? 130 : 55;
        const angle = -Math.PI / 2 + (index * Math.PI) / 5;
        return `${index === 0 ? 'M' : 'L'}${(cx + radius * Math.cos(angle)).toFixed(1)} ${(cy + radius * Math.sin(angle)).toFixed(1)}`;
      }).join('')}z"/>`;
  }
};

/** A PNG banner for a campaign of the type; `variant` moves the circles, so two banners of a type differ. */
export const campaignBanner = async (type: CampaignType, variant = 0): Promise<Buffer> => {
  const [dark, light] = palettes[type];
  const shift = (variant * 137) % 400;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${BANNER_WIDTH}" height="${BANNER_HEIGHT}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${light}"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${80 + shift}" cy="60" r="140" fill="#ffffff" opacity="0.12"/>
    <circle cx="${BANNER_WIDTH - 60 - shift / 2}" cy="${BANNER_HEIGHT - 20}" r="190" fill="#ffffff" opacity="0.10"/>
    <circle cx="${BANNER_WIDTH / 2 + 300}" cy="90" r="40" fill="#ffffff" opacity="0.18"/>
    ${motif(type, BANNER_WIDTH / 2, BANNER_HEIGHT / 2)}
  </svg>`;
  return sharp(Buffer.from(svg)).png({ palette: true, quality: 90, compressionLevel: 9 }).toBuffer();
};
