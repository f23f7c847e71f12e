import { describe, expect, it } from 'vitest';
import { ecbXml } from '../../testing/ecb-server.ts';
import { parseEcbXml, xmlTags } from './ecb-xml.ts';

const DAILY = `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
	<gesmes:subject>Reference rates</gesmes:subject>
	<gesmes:Sender>
		<gesmes:name>European Central Bank</gesmes:name>
	</gesmes:Sender>
	<Cube>
		<Cube time='2026-11-20'>
			<Cube currency='USD' rate='1.0823'/>
			<Cube currency='JPY' rate='162.51'/>
			<Cube currency='SEK' rate='11.4823'/>
			<Cube currency='GBP' rate='0.86125'/>
		</Cube>
	</Cube>
</gesmes:Envelope>`;

describe('parseEcbXml', () => {
  it('reads the daily feed into micros per euro', () => {
    const [day, ...rest] = parseEcbXml(DAILY);
    expect(rest).toEqual([]);
    expect(day?.date).toBe('2026-11-20');
    expect(Object.fromEntries(day?.perEurMicros ?? [])).toEqual({
      USD: 1_082_300,
      JPY: 162_510_000,
      SEK: 11_482_300,
      GBP: 861_250,
    });
  });

  it('reads every day of the 90-day history, newest first, whatever order the document has', () => {
    const xml = ecbXml([
      { date: '2026-11-18', rates: { SEK: '11.40', USD: '1.08' } },
      { date: '2026-11-20', rates: { SEK: '11.50', USD: '1.09' } },
      { date: '2026-11-19', rates: { SEK: '11.45', USD: '1.085' } },
    ]);
    const days = parseEcbXml(xml);
    expect(days.map((d) => d.date)).toEqual(['2026-11-20', '2026-11-19', '2026-11-18']);
    expect(days[1]?.perEurMicros.get('USD')).toBe(1_085_000);
  });

  it('keeps a day together when its rates are written with closing tags and double quotes', () => {
    const xml = `<Cube><Cube time="2026-01-02"><Cube currency="SEK" rate="11.1"></Cube><Cube currency="USD" rate="1.1"></Cube></Cube></Cube>`;
    const [day] = parseEcbXml(xml);
    expect(Object.fromEntries(day?.perEurMicros ?? [])).toEqual({ SEK: 11_100_000, USD: 1_100_000 });
  });

  it('skips malformed rates and dates instead of guessing', () => {
    const xml = ecbXml([
      { date: '2026-11-20', rates: { SEK: 'N/A', USD: '1.08', usd: '2' } },
      { date: '20-11-2026', rates: { SEK: '11.2' } },
    ]);
    const days = parseEcbXml(xml);
    expect(days).toHaveLength(1);
    expect(Object.fromEntries(days[0]?.perEurMicros ?? [])).toEqual({ USD: 1_080_000 });
  });

  it('refuses a document with no rate day, such as an HTML error page', () => {
    expect(() => parseEcbXml('<html><body><h1>Service Unavailable</h1></body></html>')).toThrow();
    expect(() => parseEcbXml('')).toThrow();
  });
});

describe('xmlTags', () => {
  it('ignores comments, declarations and CDATA and decodes entities in attributes', () => {
    const tags = [
      ...xmlTags(`<?xml version="1.0"?><!-- <Cube time='x'/> --><a b="x &amp; y"/><![CDATA[<Cube/>]]></a>`),
    ];
    expect(tags.map((t) => [t.name, t.closing, t.selfClosing, Object.fromEntries(t.attributes)])).toEqual([
      ['a', false, true, { b: 'x & y' }],
      ['a', true, false, {}],
    ]);
  });
});
