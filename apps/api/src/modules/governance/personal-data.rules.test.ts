import { describe, expect, it } from 'vitest';
import { personalDataCorpus, scoreCorpus } from './__fixtures__/personal-data-corpus';
import { blockedPersonalData, detectPersonalData, maskPersonalData, type PersonalDataCategory } from './personal-data.rules';

const found = (text: string) => detectPersonalData(text).map((f) => [f.category, f.value]);
const expectOne = (category: PersonalDataCategory, texts: Array<[string, string]>) => {
  for (const [text, value] of texts) expect(found(text), text).toEqual([[category, value]]);
};
const expectNone = (texts: string[]) => {
  for (const text of texts) expect(found(text), text).toEqual([]);
};

describe('personal data: the corpus', () => {
  it('has at least 300 sentences, about half with personal data, Korean and English', () => {
    expect(personalDataCorpus.length).toBeGreaterThanOrEqual(300);
    const positives = personalDataCorpus.filter((s) => s.expected.length > 0).length;
    expect(positives / personalDataCorpus.length).toBeGreaterThan(0.4);
    expect(positives / personalDataCorpus.length).toBeLessThan(0.6);
    expect(personalDataCorpus.filter((s) => /[가-힣]/.test(s.text)).length).toBeGreaterThan(100);
    expect(personalDataCorpus.filter((s) => !/[가-힣]/.test(s.text)).length).toBeGreaterThan(60);
  });
  it('precision and recall are at least 0.98', () => {
    const { precision, recall, misses } = scoreCorpus();
    expect(precision, misses.join('\n')).toBeGreaterThanOrEqual(0.98);
    expect(recall, misses.join('\n')).toBeGreaterThanOrEqual(0.98);
  });
});

describe('personal data: detectors', () => {
  it('mobile phones in the ways they are written', () => {
    expectOne('phone', [
      ['010-1234-5678', '010-1234-5678'],
      ['번호는01012345678이에요', '01012345678'],
      ['010 1234 5678', '010 1234 5678'],
      ['010.1234.5678', '010.1234.5678'],
      ['010 - 1234 - 5678', '010 - 1234 - 5678'],
      ['０１０－１２３４－５６７８', '０１０－１２３４－５６７８'],
      ['010ㅡ1234ㅡ5678', '010ㅡ1234ㅡ5678'],
      ['(010)1234-5678', '(010)1234-5678'],
      ['+82 10-1234-5678', '+82 10-1234-5678'],
      ['+821012345678', '+821012345678'],
      ['tel:011-234-5678', '011-234-5678'],
    ]);
  });
  it('landlines need a separator; representative numbers are not a person\'s', () => {
    expectOne('phone', [
      ['02-123-4567', '02-123-4567'],
      ['(02) 1234-5678', '(02) 1234-5678'],
      ['031 987 6543', '031 987 6543'],
      ['070-1234-5678', '070-1234-5678'],
      ['+82 2 3456 7890', '+82 2 3456 7890'],
    ]);
    expectNone(['0212345678', '1588-1234', '1544 9999']);
  });
  it('foreign numbers: international prefix, or (area) and a label for North American ones', () => {
    expectOne('phone', [
      ['+1 415 555 0199', '+1 415 555 0199'],
      ['(415) 555-0123', '(415) 555-0123'],
      ['phone: 212-555-0147', '212-555-0147'],
    ]);
    expectNone(['212-555-0147', '+3 10 20', 'Call 911']);
  });
  it('resident numbers: a valid birth date and gender digit; bare digits need the check digit or a label', () => {
    expectOne('resident_id', [
      ['900101-1234567', '900101-1234567'],
      ['900101 1234567', '900101 1234567'],
      ['150102-3456789', '150102-3456789'],
      ['8001011234560', '8001011234560'],
      ['주민등록번호 9001011234567', '9001011234567'],
      ['9001011234568', '9001011234568'],
    ]);
    // Invalid date, invalid gender digit, bare digits without check or label, masked.
    expectNone(['901301-1234567', '900101-9234567', '9001011234567', '900101-1******']);
  });
  it('foreigner numbers: gender digit 5 to 8', () => {
    expectOne('foreigner_id', [['920304-5123456', '920304-5123456'], ['050607-7123456', '050607-7123456']]);
  });
  it('cards pass Luhn; bare digits also need a card brand prefix', () => {
    expectOne('card', [
      ['4111-1111-1111-1111', '4111-1111-1111-1111'],
      ['4111 1111 1111 1111', '4111 1111 1111 1111'],
      ['4111111111111111', '4111111111111111'],
      ['3782 822463 10005', '3782 822463 10005'],
      ['３５３０－１１１３－３３３０－００００', '３５３０－１１１３－３３３０－００００'],
    ]);
    expectNone(['4111-1111-1111-1112', '1234567812345670', '4111-1111 1111-1111', '주문번호 4111111111111111']);
  });
  it('emails, but not image names or handles', () => {
    expectOne('email', [
      ['hong.gildong@example.co.kr로', 'hong.gildong@example.co.kr'],
      ['a+b@c-d.io.', 'a+b@c-d.io'],
      ['ｐａｒｋ@ｇｍａｉｌ.ｃｏｍ', 'ｐａｒｋ@ｇｍａｉｌ.ｃｏｍ'],
    ]);
    expectNone(['icon@2x.png', '@channel', 'user@localhost', 'react@19.1.0']);
  });
  it('Korean addresses with districts or a label; road-like words with counts are not', () => {
    expectOne('address', [
      ['서울특별시 강남구 테헤란로 123', '서울특별시 강남구 테헤란로 123'],
      ['경기도 성남시 분당구 판교역로 235', '경기도 성남시 분당구 판교역로 235'],
      ['주소: 송파구 올림픽로 300', '송파구 올림픽로 300'],
      ['집은 테헤란로 7길 12', '테헤란로 7길 12'],
      ['역삼동 123-45번지', '역삼동 123-45번지'],
      ['부산광역시 해운대구 우동 1234-5', '부산광역시 해운대구 우동 1234-5'],
      ['마포구 월드컵북로 396, 101동 1203호', '마포구 월드컵북로 396, 101동 1203호'],
      ['I live at 221 Baker Street, London', '221 Baker Street'],
    ]);
    expectNone(['친구 집으로 3번', '학교로 2시까지', '서울로 3시간', '테헤란로 근처', '운동 30분, 활동 2-3회', '강남구 맛집 10곳']);
  });
  it('birth dates only when the text says birth', () => {
    expectOne('birth_date', [
      ['생년월일: 1990.01.15', '1990.01.15'],
      ['제 생일은 1988년 3월 5일', '1988년 3월 5일'],
      ['1995년 7월 21일생', '1995년 7월 21일'],
      ['생일: 90.01.15', '90.01.15'],
      ['born on March 3, 1985', 'March 3, 1985'],
      ['DOB 12/25/1992', '12/25/1992'],
    ]);
    expectNone(['회의는 2024-01-15', '생일 파티는 2024년 3월 5일', 'released on March 3, 2025', '생년월일 1990.13.45', 'on 12/05/2024 생일 파티']);
  });
  it('vehicle numbers with the plate letters', () => {
    expectOne('vehicle', [
      ['12가 3456', '12가 3456'],
      ['123나4567', '123나4567'],
      ['서울12가3456', '서울12가3456'],
      ['경기 34 더 5678', '경기 34 더 5678'],
    ]);
    expectNone(['12개 3456원', '12가지 방법', '1234가 정답']);
  });
  it('driver licences: region code or name, then 2-6-2 digits', () => {
    expectOne('driver_license', [
      ['11-12-345678-90', '11-12-345678-90'],
      ['서울 12-345678-90', '서울 12-345678-90'],
      ['면허번호 111234567890', '111234567890'],
    ]);
    expectNone(['111234567890', '상품코드 12-34-567890-12', '31-12-345678-90']);
  });
  it('passport numbers only with a passport label', () => {
    expectOne('passport', [
      ['여권번호 M12345678', 'M12345678'],
      ['passport number: M123A4567', 'M123A4567'],
      ['Passport No. 123456789', '123456789'],
    ]);
    expectNone(['Model M12345678', '제품 시리얼 S12345678']);
  });
  it('order numbers, dates, prices, versions, IPs, times, ISBNs and tracking numbers pass', () => {
    expectNone([
      '주문번호 2024011512345678',
      '주문번호: 240115-1234567',
      '2024-01-15 12:30:45',
      '2024.03.31',
      '1,234,000원',
      '$1,299.99',
      'v1.2.3 and 10.1.2-beta.3',
      '192.168.0.1',
      '10.0.0.12:8080',
      '오전 10:30-11:45',
      'ISBN 978-89-12345-67-8',
      'ISBN 9791162241240',
      '운송장 번호 6012-3456-7890',
      'tracking 1Z999AA10123456784',
      '010-1234-5678-9',
      'ORD01012345678',
    ]);
  });
});

describe('personal data: masking and block mode', () => {
  it('masks phone to 11, resident id to 13 and card to 16 digits (spec §9), others by category', () => {
    const text = '김철수 010-1234-5678, 02-123-4567, 900101-1234567, 4111111111111111, kim@a.com, 서울 강남구 테헤란로 123, 생일 1990.01.15';
    const masked = maskPersonalData(text);
    expect(masked.text).toBe('김철수 ***-****-****, ***-****-****, ******-*******, ****-****-****-****, [email], [address], 생일 [birth_date]');
    expect(masked.categories).toEqual(['phone', 'resident_id', 'card', 'email', 'address', 'birth_date']);
    expect(masked.count).toBe(7);
    expect(masked.text.match(/\*/g)!.length).toBe(11 + 11 + 13 + 16);
  });
  it('masks the remaining categories by placeholder and keeps the text around them', () => {
    expect(maskPersonalData('외국인등록번호 920304-5123456 차 12가3456 면허 11-12-345678-90 여권 M12345678 끝').text).toBe(
      '외국인등록번호 [foreigner_id] 차 [vehicle] 면허 [driver_license] 여권 [passport] 끝',
    );
  });
  it('leaves text without personal data as it is', () => {
    expect(maskPersonalData('가격은 1,234,000원, 회의는 2024-01-15 10:30')).toEqual({ text: '가격은 1,234,000원, 회의는 2024-01-15 10:30', categories: [], count: 0 });
  });
  it('findings carry original offsets, also after full-width characters', () => {
    const text = '전화：０１０－１２３４－５６７８ 메일 a@b.co';
    for (const f of detectPersonalData(text)) expect(text.slice(f.start, f.end)).toBe(f.value);
    expect(detectPersonalData(text).map((f) => f.value)).toEqual(['０１０－１２３４－５６７８', 'a@b.co']);
  });
  it('block mode names only phone, email, id numbers and cards', () => {
    expect(blockedPersonalData('서울 강남구 테헤란로 123, 010-1234-5678, a@b.co, 12가3456')).toEqual(['phone', 'email']);
    expect(blockedPersonalData('920304-5123456 4111111111111111')).toEqual(['foreigner_id', 'card']);
    expect(blockedPersonalData('차 12가3456, 생일 1990.01.15')).toEqual([]);
  });
});
