/**
 * The demo seed's popup texts (./seed.ts) in every content language (server/api/language.ts): title
 * and HTML. English is what the rows hold; the other languages go into their `texts` column. Data,
 * not logic: the promotions' are in ./promotion-texts.ts.
 */
import type { Localized } from '../api/language.ts';

/**
 * A popup's text: its title, its HTML, the text of its link to its promotion (when the merchant has
 * the promotion) and what follows that link.
 */
export interface AnnouncementText {
  title: string;
  body: string;
  activity?: string;
  after?: string;
}

const STATUS_LINK = '<a href="https://status.example.com/" target="_blank" rel="noopener">';
const VIP_TERMS_LINK = '<a href="https://www.example.com/vip-terms" target="_blank" rel="noopener">example.com</a>';

export const ANNOUNCEMENT_TEXTS = {
  welcome: {
    EN: {
      title: 'Welcome to our lottery!',
      body:
        '<h2>Welcome!</h2><p>Sign up in one minute and get your <b>welcome bonus</b>.</p>' +
        '<ul><li>Draws every 5 minutes</li><li>Fast deposits and withdrawals</li><li>Customer service 24/7</li></ul>',
      activity: 'See the welcome bonus',
    },
    CN: {
      title: '欢迎来到我们的彩票！',
      body:
        '<h2>欢迎！</h2><p>一分钟完成注册，领取你的<b>新人礼</b>。</p>' +
        '<ul><li>每 5 分钟开奖一次</li><li>存取款快速到账</li><li>24/7 全天候客服</li></ul>',
      activity: '查看新人礼',
    },
    VI: {
      title: 'Chào mừng đến với xổ số của chúng tôi!',
      body:
        '<h2>Chào mừng!</h2><p>Đăng ký trong một phút và nhận <b>thưởng chào mừng</b>.</p>' +
        '<ul><li>Quay thưởng mỗi 5 phút</li><li>Nạp và rút tiền nhanh</li><li>Chăm sóc khách hàng 24/7</li></ul>',
      activity: 'Xem thưởng chào mừng',
    },
    TH: {
      title: 'ยินดีต้อนรับสู่หวยของเรา!',
      body:
        '<h2>ยินดีต้อนรับ!</h2><p>สมัครในหนึ่งนาที รับ<b>โบนัสต้อนรับ</b></p>' +
        '<ul><li>ออกผลทุก 5 นาที</li><li>ฝากถอนรวดเร็ว</li><li>บริการลูกค้าตลอด 24 ชั่วโมง</li></ul>',
      activity: 'ดูโบนัสต้อนรับ',
    },
    UR: {
      title: 'ہماری لاٹری میں خوش آمدید!',
      body:
        '<h2>خوش آمدید!</h2><p>ایک منٹ میں سائن اپ کریں اور اپنا <b>خوش آمدید بونس</b> حاصل کریں۔</p>' +
        '<ul><li>ہر 5 منٹ میں قرعہ اندازی</li><li>تیز ڈپازٹ اور رقم کی واپسی</li><li>24/7 کسٹمر سروس</li></ul>',
      activity: 'خوش آمدید بونس دیکھیں',
    },
  },
  maintenance: {
    EN: {
      title: 'Planned maintenance',
      body:
        '<h2>Planned maintenance</h2><p>On Sunday from <b>02:00 to 04:00</b> (UTC) some games are unavailable while we upgrade our servers.</p>' +
        '<ul><li>Your balance is safe</li><li>Open bets are settled as usual</li></ul>' +
        `<p>Details on ${STATUS_LINK}our status page</a>.</p>`,
    },
    CN: {
      title: '计划维护',
      body:
        '<h2>计划维护</h2><p>周日 <b>02:00 至 04:00</b>（UTC）我们将升级服务器，部分游戏暂停服务。</p>' +
        '<ul><li>您的余额安全无忧</li><li>未结算的注单照常结算</li></ul>' +
        `<p>详情请见${STATUS_LINK}状态页面</a>。</p>`,
    },
    VI: {
      title: 'Bảo trì theo kế hoạch',
      body:
        '<h2>Bảo trì theo kế hoạch</h2><p>Chủ nhật từ <b>02:00 đến 04:00</b> (UTC), một số trò chơi tạm ngừng trong khi chúng tôi nâng cấp máy chủ.</p>' +
        '<ul><li>Số dư của bạn luôn an toàn</li><li>Các cược đang mở được thanh toán như bình thường</li></ul>' +
        `<p>Chi tiết trên ${STATUS_LINK}trang trạng thái</a> của chúng tôi.</p>`,
    },
    TH: {
      title: 'ปิดปรับปรุงตามกำหนด',
      body:
        '<h2>ปิดปรับปรุงตามกำหนด</h2><p>วันอาทิตย์ เวลา <b>02:00 ถึง 04:00</b> (UTC) บางเกมจะงดให้บริการระหว่างที่เราอัปเกรดเซิร์ฟเวอร์</p>' +
        '<ul><li>ยอดเงินของคุณปลอดภัย</li><li>เดิมพันที่ค้างอยู่จะชำระตามปกติ</li></ul>' +
        `<p>รายละเอียดที่${STATUS_LINK}หน้าสถานะ</a>ของเรา</p>`,
    },
    UR: {
      title: 'طے شدہ مینٹیننس',
      body:
        '<h2>طے شدہ مینٹیننس</h2><p>اتوار کو <b>02:00 سے 04:00</b> (UTC) تک ہم اپنے سرورز اپ گریڈ کریں گے، اس دوران کچھ گیمز دستیاب نہیں ہوں گے۔</p>' +
        '<ul><li>آپ کا بیلنس محفوظ ہے</li><li>کھلی شرطیں معمول کے مطابق طے ہوں گی</li></ul>' +
        `<p>تفصیلات ${STATUS_LINK}ہمارے اسٹیٹس پیج</a> پر۔</p>`,
    },
  },
  firstDeposit: {
    EN: {
      title: 'First deposit bonus 100%',
      body:
        '<h2>Double your first deposit</h2><p>Deposit now and we <b>match it 100%</b>, up to 5,000.</p>' +
        '<ul><li>Minimum deposit: 100</li><li>15x turnover</li></ul>',
      activity: 'Claim the bonus',
    },
    CN: {
      title: '首存奖金 100%',
      body: '<h2>首存翻倍</h2><p>立即存款，我们<b>100% 等额赠送</b>，最高 5,000。</p><ul><li>最低存款：100</li><li>15 倍流水</li></ul>',
      activity: '领取奖金',
    },
    VI: {
      title: 'Thưởng nạp đầu 100%',
      body:
        '<h2>Nhân đôi lần nạp đầu</h2><p>Nạp ngay và chúng tôi <b>tặng thêm 100%</b>, tối đa 5.000.</p>' +
        '<ul><li>Nạp tối thiểu: 100</li><li>Cược 15 lần</li></ul>',
      activity: 'Nhận thưởng',
    },
    TH: {
      title: 'โบนัสฝากแรก 100%',
      body:
        '<h2>ฝากแรกรับเพิ่มเป็นสองเท่า</h2><p>ฝากเลยตอนนี้ เรา<b>เพิ่มให้ 100%</b> สูงสุด 5,000</p>' +
        '<ul><li>ฝากขั้นต่ำ: 100</li><li>เทิร์นโอเวอร์ 15 เท่า</li></ul>',
      activity: 'รับโบนัส',
    },
    UR: {
      title: 'پہلے ڈپازٹ پر 100 فیصد بونس',
      body:
        '<h2>اپنا پہلا ڈپازٹ دگنا کریں</h2><p>ابھی ڈپازٹ کریں اور ہم <b>100 فیصد بونس</b> دیں گے، 5,000 تک۔</p>' +
        '<ul><li>کم از کم ڈپازٹ: 100</li><li>15 گنا ٹرن اوور</li></ul>',
      activity: 'بونس حاصل کریں',
    },
  },
  vip: {
    EN: {
      title: 'VIP upgrade bonus',
      body:
        '<h2>Level up, cash in</h2><p>Every new VIP level pays a <b>one-time bonus</b>.</p>' +
        '<ul><li>VIP2: 100</li><li>VIP3: 500</li><li>VIP5: 5,000</li></ul>',
      activity: 'See the VIP bonuses',
      after: `<p>Terms on ${VIP_TERMS_LINK}.</p>`,
    },
    CN: {
      title: 'VIP 晋级奖金',
      body:
        '<h2>等级越高，奖金越多</h2><p>每达到一个新的 VIP 等级，即可获得<b>一次性奖金</b>。</p>' +
        '<ul><li>VIP2：100</li><li>VIP3：500</li><li>VIP5：5,000</li></ul>',
      activity: '查看 VIP 奖金',
      after: `<p>条款详见 ${VIP_TERMS_LINK}。</p>`,
    },
    VI: {
      title: 'Thưởng thăng hạng VIP',
      body:
        '<h2>Lên hạng, nhận thưởng</h2><p>Mỗi hạng VIP mới trả một <b>khoản thưởng một lần</b>.</p>' +
        '<ul><li>VIP2: 100</li><li>VIP3: 500</li><li>VIP5: 5.000</li></ul>',
      activity: 'Xem thưởng VIP',
      after: `<p>Điều khoản tại ${VIP_TERMS_LINK}.</p>`,
    },
    TH: {
      title: 'โบนัสเลื่อนขั้น VIP',
      body:
        '<h2>เลื่อนขั้น รับเงิน</h2><p>ทุกระดับ VIP ใหม่จ่าย<b>โบนัสครั้งเดียว</b></p>' +
        '<ul><li>VIP2: 100</li><li>VIP3: 500</li><li>VIP5: 5,000</li></ul>',
      activity: 'ดูโบนัส VIP',
      after: `<p>ข้อกำหนดที่ ${VIP_TERMS_LINK}</p>`,
    },
    UR: {
      title: 'VIP اپ گریڈ بونس',
      body:
        '<h2>لیول بڑھائیں، انعام پائیں</h2><p>ہر نیا VIP لیول ایک <b>یک مشت بونس</b> دیتا ہے۔</p>' +
        '<ul><li>VIP2: 100</li><li>VIP3: 500</li><li>VIP5: 5,000</li></ul>',
      activity: 'VIP بونس دیکھیں',
      after: `<p>شرائط ${VIP_TERMS_LINK} پر۔</p>`,
    },
  },
  referral: {
    EN: {
      title: 'Invite friends',
      body:
        '<h2>Invite friends, earn together</h2><p>Share your link: for every friend who deposits you get <b>50 credits</b>.</p>' +
        '<ul><li>No limit on friends</li><li>Credited within 24 hours</li></ul>',
      activity: 'Invite friends now',
    },
    CN: {
      title: '邀请好友',
      body:
        '<h2>邀请好友，一起赚</h2><p>分享你的链接：每有一位好友存款，你就获得 <b>50 积分</b>。</p>' +
        '<ul><li>好友人数不限</li><li>24 小时内到账</li></ul>',
      activity: '立即邀请好友',
    },
    VI: {
      title: 'Mời bạn bè',
      body:
        '<h2>Mời bạn bè, cùng nhận thưởng</h2><p>Chia sẻ liên kết: mỗi người bạn nạp tiền, bạn nhận <b>50 điểm</b>.</p>' +
        '<ul><li>Không giới hạn số bạn bè</li><li>Cộng trong vòng 24 giờ</li></ul>',
      activity: 'Mời bạn bè ngay',
    },
    TH: {
      title: 'ชวนเพื่อน',
      body:
        '<h2>ชวนเพื่อน รับรางวัลด้วยกัน</h2><p>แชร์ลิงก์ของคุณ: เพื่อนทุกคนที่ฝากเงิน คุณรับ <b>50 เครดิต</b></p>' +
        '<ul><li>ชวนเพื่อนได้ไม่จำกัด</li><li>เข้าบัญชีภายใน 24 ชั่วโมง</li></ul>',
      activity: 'ชวนเพื่อนเลย',
    },
    UR: {
      title: 'دوستوں کو مدعو کریں',
      body:
        '<h2>دوستوں کو مدعو کریں، مل کر کمائیں</h2><p>اپنا لنک شیئر کریں: ڈپازٹ کرنے والے ہر دوست پر آپ کو <b>50 کریڈٹس</b> ملیں گے۔</p>' +
        '<ul><li>دوستوں کی کوئی حد نہیں</li><li>24 گھنٹوں کے اندر جمع</li></ul>',
      activity: 'ابھی دوستوں کو مدعو کریں',
    },
  },
} satisfies Record<string, Localized<AnnouncementText>>;
