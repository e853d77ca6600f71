/**
 * The state bodies at the top of the demo portfolio. Ministry names are the real ministries;
 * holdings and pension funds carry real or realistic names, but every number attached to them
 * in the demo (identifiers, capital, stakes, boards) is generated, and the rows are flagged
 * `is_demo`.
 */

export const MINISTRIES = [
  'وزارت امور اقتصادی و دارایی',
  'وزارت نفت',
  'وزارت نیرو',
  'وزارت صنعت، معدن و تجارت',
  'وزارت راه و شهرسازی',
  'وزارت جهاد کشاورزی',
  'وزارت تعاون، کار و رفاه اجتماعی',
  'وزارت ارتباطات و فناوری اطلاعات',
  'وزارت بهداشت، درمان و آموزش پزشکی',
  'وزارت میراث فرهنگی، گردشگری و صنایع دستی',
] as const;

/** State holdings: name, index of the owning ministry in MINISTRIES, TSETMC sector code. */
export const HOLDINGS: readonly { name: string; ministry: number; sector: string }[] = [
  { name: 'شرکت مادرتخصصی مدیریت دارایی‌های دولتی', ministry: 0, sector: '56' },
  { name: 'شرکت سرمایه‌گذاری دولت ایرانیان', ministry: 0, sector: '56' },
  { name: 'شرکت ملی نفت ایران', ministry: 1, sector: '11' },
  { name: 'شرکت ملی گاز ایران', ministry: 1, sector: '40' },
  { name: 'شرکت ملی صنایع پتروشیمی', ministry: 1, sector: '44' },
  { name: 'شرکت ملی پالایش و پخش فرآورده‌های نفتی ایران', ministry: 1, sector: '23' },
  { name: 'شرکت مادرتخصصی توانیر', ministry: 2, sector: '40' },
  { name: 'شرکت مادرتخصصی مدیریت منابع آب ایران', ministry: 2, sector: '41' },
  { name: 'شرکت مادرتخصصی مهندسی آب و فاضلاب کشور', ministry: 2, sector: '41' },
  { name: 'سازمان گسترش و نوسازی صنایع ایران', ministry: 3, sector: '39' },
  { name: 'سازمان توسعه و نوسازی معادن و صنایع معدنی ایران', ministry: 3, sector: '13' },
  { name: 'شرکت مادرتخصصی بازرگانی دولتی ایران', ministry: 3, sector: '46' },
  { name: 'شرکت راه‌آهن جمهوری اسلامی ایران', ministry: 4, sector: '60' },
  { name: 'شرکت مادرتخصصی عمران شهرهای جدید', ministry: 4, sector: '70' },
  { name: 'شرکت مادرتخصصی فرودگاه‌های کشور', ministry: 4, sector: '63' },
  { name: 'شرکت مادرتخصصی خدمات کشاورزی', ministry: 5, sector: '01' },
  { name: 'شرکت پشتیبانی امور دام کشور', ministry: 5, sector: '42' },
  { name: 'شرکت سرمایه‌گذاری رفاه پایدار', ministry: 6, sector: '56' },
  { name: 'شرکت ارتباطات زیرساخت', ministry: 7, sector: '64' },
  { name: 'شرکت ملی پست جمهوری اسلامی ایران', ministry: 7, sector: '60' },
  { name: 'شرکت مادرتخصصی داروسازی سلامت', ministry: 8, sector: '43' },
  { name: 'شرکت توسعه ایرانگردی و جهانگردی', ministry: 9, sector: '55' },
];

/** State pension funds: name and index of the supervising ministry. */
export const FUNDS: readonly { name: string; ministry: number }[] = [
  { name: 'صندوق بازنشستگی کشوری', ministry: 6 },
  { name: 'سازمان تأمین اجتماعی', ministry: 6 },
  { name: 'صندوق بازنشستگی، پس‌انداز و رفاه کارکنان صنعت نفت', ministry: 1 },
  { name: 'صندوق حمایت و بازنشستگی کارکنان فولاد', ministry: 3 },
  { name: 'صندوق بیمه اجتماعی کشاورزان، روستاییان و عشایر', ministry: 6 },
  { name: 'صندوق بازنشستگی کارکنان بانک‌ها', ministry: 0 },
  { name: 'صندوق بازنشستگی کارکنان صنعت برق و آب', ministry: 2 },
  { name: 'صندوق بازنشستگی کارکنان مخابرات و پست', ministry: 7 },
];

/** Legal forms as stored (Persian, as on screen). */
export const LEGAL_FORMS = {
  public: 'سهامی عام',
  private: 'سهامی خاص',
  limited: 'مسئولیت محدود',
  cooperative: 'تعاونی',
  nonCommercial: 'مؤسسه غیرتجاری',
  fund: 'صندوق',
} as const;

/** Ownership types as stored (Persian, as on screen). */
export const OWNERSHIP = {
  state: 'دولتی',
  quasiState: 'شبه‌دولتی',
  publicNonState: 'عمومی غیردولتی',
  private: 'خصوصی',
} as const;
