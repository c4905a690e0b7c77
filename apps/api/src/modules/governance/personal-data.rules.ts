/**
 * Personal data in a chat message (spec §2 privacy block/masking, §5, §8 "personal data found",
 * §9 masked lengths, categories and block-mode items), Korea first. Pure: text in, findings out.
 * The rules, and why each detector asks what it asks, are in this folder's README.
 *
 * Every detector runs over a folded copy of the text of the same length (full-width digits and
 * letters, other dashes, "ㅡ" typed as a hyphen, ideographic and zero-width spaces made ASCII),
 * so offsets are the original text's.
 */

export const PERSONAL_DATA_CATEGORIES = ['phone', 'email', 'resident_id', 'foreigner_id', 'card', 'address', 'birth_date', 'vehicle', 'driver_license', 'passport'] as const;
export type PersonalDataCategory = (typeof PERSONAL_DATA_CATEGORIES)[number];

/** Spec §9 block-mode items: phone, email, id number (resident and foreigner), card. */
export const BLOCK_MODE_CATEGORIES: readonly PersonalDataCategory[] = ['phone', 'email', 'resident_id', 'foreigner_id', 'card'];

export interface PersonalDataFinding {
  category: PersonalDataCategory;
  /** UTF-16 offsets into the original text. */
  start: number;
  end: number;
  /** The original text of the finding. */
  value: string;
}

// ---------------------------------------------------------------------------------------------
// Folding and context

function fold(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c < 128) out += text[i];
    else if (c >= 0xff01 && c <= 0xff5e) out += String.fromCharCode(c - 0xfee0);
    else if ((c >= 0x2010 && c <= 0x2015) || c === 0x2212 || c === 0xfe58 || c === 0xfe63 || c === 0x3161 || c === 0x30fc) out += '-';
    else if (c === 0x3000 || c === 0xa0 || (c >= 0x2000 && c <= 0x200d) || c === 0x2060 || c === 0xfeff) out += ' ';
    else out += text[i];
  }
  return out;
}

const before = (s: string, start: number, width: number) => s.slice(Math.max(0, start - width), start);

/** A label right before a number that says it is not a person's: order, tracking, ISBN numbers… */
const NOT_PERSONAL_LABEL =
  /(?:주문|송장|운송장|택배|결제|승인|거래|예약|접수|영수증|사업자|계좌|상품|모델|제품|코드|일련|시리얼|버전|인증|쿠폰|order|invoice|tracking|receipt|ref(?:erence)?|serial|isbn|barcode|model|version|sku|ticket|booking|account)\s*(?:번호|no\.?|number|num|id|#)?\s*(?:는|은|:|：)?\s*$/i;

// ---------------------------------------------------------------------------------------------
// Digit boundaries: no digit, ASCII letter or "digit + separator" on either side, so a number is
// never cut out of a longer one ("2024-010-1234-5678-9", "ORD01012345678").

const L = String.raw`(?<![0-9A-Za-z])(?<![0-9][-.])`;
const R = String.raw`(?![0-9A-Za-z])(?![-.][0-9])`;
const SEP = String.raw`(?: ?[-.] ?| )?`;
const SEP_REQUIRED = String.raw`(?: ?[-.)] ?| )`;
const AREA = String.raw`(?:2|3[1-3]|4[1-4]|5[1-5]|6[1-4]|70|50[2-8])`;

const MOBILE = new RegExp(`${L}(?:\\+ ?82${SEP}(?:\\(0\\) ?)?|\\(?0)1[016789]\\)?${SEP}\\d{3,4}${SEP}\\d{4}${R}`, 'g');
const LANDLINE = new RegExp(`${L}(?:\\+ ?82${SEP}(?:\\(0\\) ?)?|\\(?0)${AREA}${SEP_REQUIRED}\\d{3,4}${SEP_REQUIRED}\\d{4}${R}`, 'g');
const INTERNATIONAL = new RegExp(`(?<![0-9A-Za-z+])\\+(?!82)[1-9]\\d{0,2}[ .-]?(?:\\(\\d{1,4}\\)[ .-]?)?\\d{1,4}(?:[ .-]?\\d{2,4}){1,4}${R}`, 'g');
const NANP = new RegExp(`${L}(?:\\(\\d{3}\\) ?|\\d{3}[-. ])\\d{3}[-. ]\\d{4}${R}`, 'g');
const PHONE_CONTEXT = /(?:전화|연락|휴대|핸드폰|폰|번호|tel|phone|call|cell|mobile|contact|reach|text|fax)/i;

const ID_NUMBER = new RegExp(`${L}(\\d{2})(\\d{2})(\\d{2})( ?- ?| )?([1-8])(\\d{6})${R}`, 'g');
const ID_CONTEXT = /(?:주민|등록번호|외국인|생년월일|rrn|resident|registration|arc\b|id number)/i;

const CARD_GROUPED = new RegExp(`${L}\\d{4}([- .])\\d{4}\\1\\d{4}\\1\\d{4}(?:\\1\\d{1,3})?${R}|${L}\\d{4}([- ])\\d{6}\\2\\d{4,5}${R}`, 'g');
const CARD_PLAIN = new RegExp(`${L}\\d{14,19}${R}`, 'g');
const CARD_BRAND = /^(?:4|5[1-5]|2(?:22[1-9]|2[3-9]\d|[3-6]\d\d|7[01]\d|720)|3[47]|3(?:0[0-5]|[68])|35|6(?:011|5|2)|9)/;

const EMAIL = /(?<![A-Za-z0-9._%+-])[A-Za-z0-9][A-Za-z0-9._%+-]*@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.([A-Za-z]{2,24})(?![A-Za-z0-9-])/g;
const FILE_EXTENSION = /^(?:png|jpe?g|gif|svg|webp|bmp|ico|pdf|js|ts|css|html?)$/i;

const SIDO =
  '(?:서울특별시|서울시|서울|부산광역시|부산시|부산|대구광역시|대구시|대구|인천광역시|인천시|인천|광주광역시|광주시|광주|대전광역시|대전시|대전|울산광역시|울산시|울산|세종특별자치시|세종시|세종|경기도|경기|강원특별자치도|강원도|강원|충청북도|충북|충청남도|충남|전북특별자치도|전라북도|전북|전라남도|전남|경상북도|경북|경상남도|경남|제주특별자치도|제주도|제주)';
const SIGUNGU = '[가-힣]{1,4}(?:시|군|구)';
// A district token is a place name only when it is not one of these everyday words.
const NOT_DISTRICT = new Set(['친구', '가구', '도구', '요구', '연구', '입구', '출구', '창구', '추구', '탐구', '항구', '기구', '야구', '농구', '배구', '족구', '축구', '장군', '아군', '적군', '국군', '공군', '해군', '육군', '다시', '역시', '혹시', '동시', '당시', '즉시', '항시', '수시', '임시', '반드시', '잠시', '일시', '무시', '표시', '지시', '제시', '개시', '게시', '전시', '실시', '감시', '도시', '대도시']);
const ROAD = '[가-힣0-9]{0,10}[가-힣](?:대로|로|길)(?: ?\\d{1,3}번?길)?';
const NUMBER_UNIT = '(?:시간|시|분|초|개|명|원|번(?!지)|회|차|년|월|일|살|세|권|장|배|대|마리|잔|병|줄|점|등|위|층|kg|km|%|달러|만|천|억|미터|킬로|퍼센트|프로)';
const BUILDING = `\\d{1,5}(?:-\\d{1,4})?(?![0-9])(?! ?${NUMBER_UNIT})`;
const DISTRICTS = `(?<![가-힣])(?:${SIDO} +(?:${SIGUNGU} +){0,2}|(?:${SIGUNGU} +){1,2})(?:[가-힣]{1,4}(?:읍|면) +)?`;
const ROAD_ADDRESS = new RegExp(`${DISTRICTS}${ROAD} ?${BUILDING}`, 'g');
const ROAD_ONLY = new RegExp(`(?<![가-힣])${ROAD} ?${BUILDING}`, 'g');
const LOT_ADDRESS = new RegExp(`(?:${DISTRICTS}[가-힣]{1,5}(?:동|리|가)\\d?(?:가)? ?\\d{1,4}(?:-\\d{1,4})?(?:번지)?)(?![0-9])(?! ?${NUMBER_UNIT})`, 'g');
const LOT_ONLY = new RegExp(`(?<![가-힣])[가-힣]{1,5}(?:동|리)\\d?(?:가)? ?\\d{1,4}(?:-\\d{1,4})?(?:번지)?(?![0-9])(?! ?${NUMBER_UNIT})`, 'g');
const UNIT_ADDRESS = /(?<![0-9])\d{1,4} ?동 ?\d{1,4} ?호(?![0-9])/g;
const ADDRESS_CONTEXT = /(?:주소|배송지|거주지|자택|사는 곳|살아요|살고|집은|집 주소|우편|address|live at|lives at|living at)/i;
const EN_ADDRESS = /(?<![0-9A-Za-z])\d{1,5}[A-Za-z]? +(?:[A-Z][a-z]+\.? +){1,3}(?:Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Lane|Ln|Drive|Dr|Court|Ct|Way|Place|Pl|Terrace|Parkway)\b\.?(?:,? *(?:Apt|Suite|Unit|#)\.? *[0-9A-Za-z-]+)?/g;

const MONTHS = 'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?';
const BIRTH_DATE = new RegExp(
  [
    '(?<![0-9])((?:19|20)\\d{2}) ?(?:[-./]|년) ?(\\d{1,2}) ?(?:[-./]|월) ?(\\d{1,2}) ?일?(?![0-9])',
    '(?<![0-9.])(\\d{2}) ?(?:년|[-./]) ?(\\d{1,2}) ?(?:월|[-./]) ?(\\d{1,2}) ?일?(?![0-9.])',
    '(?<![0-9])((?:19|20)\\d{2}|\\d{2})(\\d{2})(\\d{2})(?![0-9])',
    `\\b(${MONTHS})\\.? (\\d{1,2})(?:st|nd|rd|th)?,? ((?:19|20)\\d{2})\\b`,
    `\\b(\\d{1,2})(?:st|nd|rd|th)? (${MONTHS})\\.?,? ((?:19|20)\\d{2})\\b`,
    '(?<![0-9])(\\d{1,2})/(\\d{1,2})/((?:19|20)\\d{2})(?![0-9])',
  ].join('|'),
  'gi',
);
const BIRTH_CONTEXT = /(?:생년월일|생일|출생|태어난|태어났|dob|d\.o\.b\.?|date of birth|birth ?date|birthday|born(?: on)?)[^0-9]{0,12}$/i;
const BIRTH_AFTER = /^ ?(?:생(?![일년])|에 ?태어|출생)/;
const NOT_BIRTH = /(?:파티|선물|케이크|모임|축하|party|gift|cake)/i;

const VEHICLE_LETTER = '[가나다라마거너더러머버서어저고노도로모보소오조구누두루무부수우주아바사자배하허호]';
const VEHICLE = new RegExp(`(?<![0-9A-Za-z가-힣])\\d{2,3} ?${VEHICLE_LETTER} ?\\d{4}(?![0-9])(?! ?(?:원|명|개|번|년|km))`, 'g');
const VEHICLE_PREFIXED = new RegExp(`${SIDO} ?\\d{2,3} ?${VEHICLE_LETTER} ?\\d{4}(?![0-9])`, 'g');

const LICENSE = new RegExp(`(?:${SIDO} ?|${L}(?:1[1-9]|2[0-8])[- ])\\d{2}[- ]\\d{6}[- ]\\d{2}${R}`, 'g');
const LICENSE_PLAIN = new RegExp(`${L}(?:1[1-9]|2[0-8])\\d{10}${R}`, 'g');
const LICENSE_CONTEXT = /(?:면허|licen[cs]e)/i;

const PASSPORT = /(?<![0-9A-Za-z])(?:[A-Za-z]\d{3}[A-Za-z]\d{4}|[A-Za-z]{1,2}\d{7,8}|\d{9})(?![0-9A-Za-z])/g;
const PASSPORT_CONTEXT = /(?:여권|passport)[^\n]{0,20}$/i;

// ---------------------------------------------------------------------------------------------
// Checks

const digitsOf = (s: string) => s.replace(/[^0-9]/g, '');

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

function validDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const days = [31, year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
  return day <= days;
}

/** Registration number check digit (residents before October 2020: 11; foreigners: 13). */
function idChecksum(digits: string, base: 11 | 13): boolean {
  const weights = [2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5];
  let sum = 0;
  for (let i = 0; i < 12; i += 1) sum += (digits.charCodeAt(i) - 48) * weights[i]!;
  return (base - (sum % 11)) % 10 === digits.charCodeAt(12) - 48;
}

// ---------------------------------------------------------------------------------------------
// Detectors

type Emit = (category: PersonalDataCategory, start: number, end: number) => void;

function each(re: RegExp, s: string, fn: (m: RegExpExecArray) => void) {
  re.lastIndex = 0;
  for (let m = re.exec(s); m; m = re.exec(s)) fn(m);
}

function detectPhones(s: string, emit: Emit) {
  const numeric = (m: RegExpExecArray) => !NOT_PERSONAL_LABEL.test(before(s, m.index, 20));
  each(MOBILE, s, (m) => numeric(m) && emit('phone', m.index, m.index + m[0].length));
  each(LANDLINE, s, (m) => numeric(m) && emit('phone', m.index, m.index + m[0].length));
  each(INTERNATIONAL, s, (m) => {
    const n = digitsOf(m[0]).length;
    if (n >= 8 && n <= 15 && numeric(m)) emit('phone', m.index, m.index + m[0].length);
  });
  each(NANP, s, (m) => {
    const d = digitsOf(m[0]);
    if (d[0] === '0' || d[0] === '1' || d[3] === '0' || d[3] === '1') return;
    if ((m[0].startsWith('(') || PHONE_CONTEXT.test(before(s, m.index, 25))) && numeric(m)) emit('phone', m.index, m.index + m[0].length);
  });
}

function detectIdNumbers(s: string, emit: Emit) {
  each(ID_NUMBER, s, (m) => {
    const [, yy, mm, dd, sep, g] = m;
    const gender = Number(g);
    const year = Number(yy) + (gender <= 2 || gender === 5 || gender === 6 ? 1900 : 2000);
    if (!validDate(year, Number(mm), Number(dd))) return;
    const context = before(s, m.index, 25);
    if (NOT_PERSONAL_LABEL.test(context)) return;
    const foreigner = gender >= 5;
    // Numbers issued since October 2020 carry no check digit: a written separator or a label is
    // enough; thirteen bare digits must pass the old check or be labelled.
    if (!sep && !idChecksum(digitsOf(m[0]), foreigner ? 13 : 11) && !ID_CONTEXT.test(context)) return;
    emit(foreigner ? 'foreigner_id' : 'resident_id', m.index, m.index + m[0].length);
  });
}

function detectCards(s: string, emit: Emit) {
  const check = (m: RegExpExecArray, needBrand: boolean) => {
    const d = digitsOf(m[0]);
    if (d.length < 13 || d.length > 19 || !luhn(d) || (needBrand && !CARD_BRAND.test(d))) return;
    if (NOT_PERSONAL_LABEL.test(before(s, m.index, 20))) return;
    emit('card', m.index, m.index + m[0].length);
  };
  each(CARD_GROUPED, s, (m) => check(m, false));
  each(CARD_PLAIN, s, (m) => check(m, true));
}

function detectEmails(s: string, emit: Emit) {
  each(EMAIL, s, (m) => {
    if (!FILE_EXTENSION.test(m[1]!)) emit('email', m.index, m.index + m[0].length);
  });
}

function detectAddresses(s: string, emit: Emit) {
  const districtsOk = (text: string) => !text.split(/ +/).some((t) => NOT_DISTRICT.has(t));
  each(ROAD_ADDRESS, s, (m) => districtsOk(m[0]) && emit('address', m.index, m.index + m[0].length));
  each(ROAD_ONLY, s, (m) => ADDRESS_CONTEXT.test(before(s, m.index, 20)) && emit('address', m.index, m.index + m[0].length));
  each(LOT_ADDRESS, s, (m) => districtsOk(m[0]) && emit('address', m.index, m.index + m[0].length));
  each(LOT_ONLY, s, (m) => (m[0].endsWith('번지') || ADDRESS_CONTEXT.test(before(s, m.index, 20))) && emit('address', m.index, m.index + m[0].length));
  each(UNIT_ADDRESS, s, (m) => emit('address', m.index, m.index + m[0].length));
  each(EN_ADDRESS, s, (m) => emit('address', m.index, m.index + m[0].length));
}

const MONTH_INDEX = (name: string) => ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'].indexOf(name.slice(0, 3).toLowerCase()) + 1;

function detectBirthDates(s: string, emit: Emit) {
  each(BIRTH_DATE, s, (m) => {
    const g = m.slice(1);
    let y: number, mo: number, d: number;
    if (g[0] !== undefined) [y, mo, d] = [Number(g[0]), Number(g[1]), Number(g[2])];
    else if (g[3] !== undefined) [y, mo, d] = [Number(g[3]), Number(g[4]), Number(g[5])];
    else if (g[6] !== undefined) [y, mo, d] = [Number(g[6]), Number(g[7]), Number(g[8])];
    else if (g[9] !== undefined) [y, mo, d] = [Number(g[11]), MONTH_INDEX(g[9]), Number(g[10])];
    else if (g[12] !== undefined) [y, mo, d] = [Number(g[14]), MONTH_INDEX(g[13]!), Number(g[12])];
    else [y, mo, d] = [Number(g[17]), Number(g[15]), Number(g[16])];
    if (y < 100) y += y > 30 ? 1900 : 2000;
    if (!validDate(y, mo, d)) return;
    const end = m.index + m[0].length;
    const lead = before(s, m.index, 30);
    const labelled = BIRTH_CONTEXT.exec(lead);
    if (labelled ? NOT_BIRTH.test(labelled[0]) : !BIRTH_AFTER.test(s.slice(end, end + 6))) return;
    emit('birth_date', m.index, end);
  });
}

function detectVehicles(s: string, emit: Emit) {
  each(VEHICLE_PREFIXED, s, (m) => emit('vehicle', m.index, m.index + m[0].length));
  each(VEHICLE, s, (m) => emit('vehicle', m.index, m.index + m[0].length));
}

function detectLicenses(s: string, emit: Emit) {
  each(LICENSE, s, (m) => !NOT_PERSONAL_LABEL.test(before(s, m.index, 20)) && emit('driver_license', m.index, m.index + m[0].length));
  each(LICENSE_PLAIN, s, (m) => LICENSE_CONTEXT.test(before(s, m.index, 25)) && emit('driver_license', m.index, m.index + m[0].length));
}

function detectPassports(s: string, emit: Emit) {
  each(PASSPORT, s, (m) => PASSPORT_CONTEXT.test(before(s, m.index, 30)) && emit('passport', m.index, m.index + m[0].length));
}

// Where two findings overlap, the longer wins; at equal length the earlier category here.
const PRIORITY: readonly PersonalDataCategory[] = ['card', 'resident_id', 'foreigner_id', 'driver_license', 'phone', 'passport', 'vehicle', 'birth_date', 'email', 'address'];

/** Every piece of personal data in `text`, in order, none overlapping. */
export function detectPersonalData(text: string): PersonalDataFinding[] {
  const s = fold(text);
  const raw: Array<{ category: PersonalDataCategory; start: number; end: number }> = [];
  const emit: Emit = (category, start, end) => {
    raw.push({ category, start, end });
  };
  detectPhones(s, emit);
  detectIdNumbers(s, emit);
  detectCards(s, emit);
  detectEmails(s, emit);
  detectAddresses(s, emit);
  detectBirthDates(s, emit);
  detectVehicles(s, emit);
  detectLicenses(s, emit);
  detectPassports(s, emit);

  raw.sort((a, b) => b.end - b.start - (a.end - a.start) || PRIORITY.indexOf(a.category) - PRIORITY.indexOf(b.category));
  const kept: typeof raw = [];
  for (const f of raw) if (!kept.some((k) => f.start < k.end && k.start < f.end)) kept.push(f);
  kept.sort((a, b) => a.start - b.start);

  // One address written in parts ("…테헤란로 123, 101동 1203호") is one finding.
  const merged: typeof raw = [];
  for (const f of kept) {
    const last = merged.at(-1);
    if (last && last.category === 'address' && f.category === 'address' && /^[ ,]{0,3}$/.test(s.slice(last.end, f.start))) last.end = f.end;
    else merged.push({ ...f });
  }
  return merged.map((f) => ({ ...f, value: text.slice(f.start, f.end) }));
}

/** Spec §9: phone, resident id and card are masked to 11, 13 and 16 digits; the rest by a placeholder. */
const MASKS: Record<PersonalDataCategory, string> = {
  phone: '***-****-****',
  resident_id: '******-*******',
  card: '****-****-****-****',
  email: '[email]',
  foreigner_id: '[foreigner_id]',
  address: '[address]',
  birth_date: '[birth_date]',
  vehicle: '[vehicle]',
  driver_license: '[driver_license]',
  passport: '[passport]',
};

export interface MaskedText {
  text: string;
  /** Distinct categories masked, in order of first appearance. */
  categories: PersonalDataCategory[];
  count: number;
}

export function maskPersonalData(text: string): MaskedText {
  const findings = detectPersonalData(text);
  let out = '';
  let at = 0;
  const categories: PersonalDataCategory[] = [];
  for (const f of findings) {
    out += text.slice(at, f.start) + MASKS[f.category];
    at = f.end;
    if (!categories.includes(f.category)) categories.push(f.category);
  }
  return { text: out + text.slice(at), categories, count: findings.length };
}

/** Block mode: the block-mode categories (spec §9) found in `text`, for the §8 "personal data found" refusal. */
export function blockedPersonalData(text: string): PersonalDataCategory[] {
  const found: PersonalDataCategory[] = [];
  for (const f of detectPersonalData(text)) if (BLOCK_MODE_CATEGORIES.includes(f.category) && !found.includes(f.category)) found.push(f.category);
  return found;
}
