/**
 * The demo seed's promotion texts (./seed.ts) in every content language (server/api/language.ts):
 * title, summary and HTML. English is what the rows hold; the other languages go into their `texts`
 * column, answered by the `Language` header. Data, not logic: the popups' are in
 * ./announcement-texts.ts.
 */
import type { PromotionType } from '../../src/contract/endpoints.ts';
import type { Localized } from '../api/language.ts';

export type PromotionText = { title: string; summary: string; content: string };

/** Real-looking texts for the types the demo merchants offer; any other type gets a plain English one. */
export const PROMOTION_TEXTS: Partial<Record<PromotionType, Localized<PromotionText>>> = {
  REGISTER: {
    EN: {
      title: 'Welcome bonus: 20 free credits',
      summary: 'Sign up today and play your first rounds on us.',
      content:
        '<h2>Welcome bonus</h2><p>Create your account and receive <b>20 free credits</b> right away.</p>' +
        '<ul><li>One bonus per player</li><li>Credits are valid for 7 days</li><li>10x turnover before withdrawal</li></ul>',
    },
    CN: {
      title: '新人礼：20 免费积分',
      summary: '今天注册，前几局由我们买单。',
      content:
        '<h2>新人礼</h2><p>创建账户即可立即获得 <b>20 免费积分</b>。</p>' +
        '<ul><li>每位玩家限领一次</li><li>积分有效期 7 天</li><li>提款前需完成 10 倍流水</li></ul>',
    },
    VI: {
      title: 'Thưởng chào mừng: 20 điểm miễn phí',
      summary: 'Đăng ký hôm nay, những ván đầu tiên do chúng tôi chi trả.',
      content:
        '<h2>Thưởng chào mừng</h2><p>Tạo tài khoản và nhận ngay <b>20 điểm miễn phí</b>.</p>' +
        '<ul><li>Mỗi người chơi một lần</li><li>Điểm có hiệu lực trong 7 ngày</li><li>Cược đủ 10 lần trước khi rút tiền</li></ul>',
    },
    TH: {
      title: 'โบนัสต้อนรับ: รับฟรี 20 เครดิต',
      summary: 'สมัครวันนี้ แล้วเล่นรอบแรกๆ ได้ฟรี',
      content:
        '<h2>โบนัสต้อนรับ</h2><p>สร้างบัญชีแล้วรับ <b>20 เครดิตฟรี</b> ทันที</p>' +
        '<ul><li>หนึ่งสิทธิ์ต่อผู้เล่น</li><li>เครดิตใช้ได้ 7 วัน</li><li>ทำยอดเทิร์นโอเวอร์ 10 เท่าก่อนถอน</li></ul>',
    },
    UR: {
      title: 'خوش آمدید بونس: 20 مفت کریڈٹس',
      summary: 'آج ہی سائن اپ کریں اور پہلے راؤنڈ ہماری طرف سے کھیلیں۔',
      content:
        '<h2>خوش آمدید بونس</h2><p>اپنا اکاؤنٹ بنائیں اور فوراً <b>20 مفت کریڈٹس</b> حاصل کریں۔</p>' +
        '<ul><li>ہر کھلاڑی کے لیے ایک بونس</li><li>کریڈٹس 7 دن تک کارآمد ہیں</li><li>رقم نکالنے سے پہلے 10 گنا ٹرن اوور</li></ul>',
    },
  },
  FIRST_DEPOSIT: {
    EN: {
      title: 'First deposit bonus 100%',
      summary: 'We double your first deposit, up to 5,000.',
      content:
        '<h2>First deposit bonus 100%</h2><p>Make your first deposit and we <b>match it 100%</b>, up to 5,000.</p>' +
        '<ul><li>Minimum deposit: 100</li><li>15x turnover on deposit and bonus</li><li>Claim within 3 days of signing up</li></ul>',
    },
    CN: {
      title: '首存奖金 100%',
      summary: '首次存款翻倍，最高 5,000。',
      content:
        '<h2>首存奖金 100%</h2><p>完成首次存款，我们<b>100% 等额赠送</b>，最高 5,000。</p>' +
        '<ul><li>最低存款：100</li><li>存款加奖金需完成 15 倍流水</li><li>注册后 3 天内领取</li></ul>',
    },
    VI: {
      title: 'Thưởng nạp đầu 100%',
      summary: 'Chúng tôi nhân đôi lần nạp đầu tiên của bạn, tối đa 5.000.',
      content:
        '<h2>Thưởng nạp đầu 100%</h2><p>Nạp tiền lần đầu và chúng tôi <b>tặng thêm 100%</b>, tối đa 5.000.</p>' +
        '<ul><li>Nạp tối thiểu: 100</li><li>Cược 15 lần tổng tiền nạp và thưởng</li><li>Nhận trong vòng 3 ngày sau khi đăng ký</li></ul>',
    },
    TH: {
      title: 'โบนัสฝากแรก 100%',
      summary: 'ฝากครั้งแรก รับเพิ่มเป็นสองเท่า สูงสุด 5,000',
      content:
        '<h2>โบนัสฝากแรก 100%</h2><p>ฝากเงินครั้งแรก เรา<b>เพิ่มให้ 100%</b> สูงสุด 5,000</p>' +
        '<ul><li>ฝากขั้นต่ำ: 100</li><li>เทิร์นโอเวอร์ 15 เท่าของยอดฝากและโบนัส</li><li>รับได้ภายใน 3 วันหลังสมัคร</li></ul>',
    },
    UR: {
      title: 'پہلے ڈپازٹ پر 100 فیصد بونس',
      summary: 'ہم آپ کا پہلا ڈپازٹ دگنا کرتے ہیں، 5,000 تک۔',
      content:
        '<h2>پہلے ڈپازٹ پر 100 فیصد بونس</h2><p>اپنا پہلا ڈپازٹ کریں اور ہم <b>100 فیصد بونس</b> دیں گے، 5,000 تک۔</p>' +
        '<ul><li>کم از کم ڈپازٹ: 100</li><li>ڈپازٹ اور بونس پر 15 گنا ٹرن اوور</li><li>سائن اپ کے 3 دن کے اندر حاصل کریں</li></ul>',
    },
  },
  DEPOSIT: {
    EN: {
      title: 'Daily reload bonus 10%',
      summary: 'Top up any day and get 10% extra, up to 1,000.',
      content:
        '<h2>Daily reload bonus</h2><p>Every deposit earns <b>10% extra</b>, up to 1,000 a day.</p>' +
        '<ul><li>Once per day</li><li>5x turnover on the bonus</li></ul>',
    },
    CN: {
      title: '每日充值奖金 10%',
      summary: '任意一天充值，额外获得 10%，最高 1,000。',
      content:
        '<h2>每日充值奖金</h2><p>每笔存款<b>额外赠送 10%</b>，每天最高 1,000。</p><ul><li>每天一次</li><li>奖金需完成 5 倍流水</li></ul>',
    },
    VI: {
      title: 'Thưởng nạp lại hằng ngày 10%',
      summary: 'Nạp tiền bất kỳ ngày nào và nhận thêm 10%, tối đa 1.000.',
      content:
        '<h2>Thưởng nạp lại hằng ngày</h2><p>Mỗi lần nạp được <b>thêm 10%</b>, tối đa 1.000 mỗi ngày.</p>' +
        '<ul><li>Mỗi ngày một lần</li><li>Cược 5 lần tiền thưởng</li></ul>',
    },
    TH: {
      title: 'โบนัสเติมเงินรายวัน 10%',
      summary: 'เติมเงินวันไหนก็ได้ รับเพิ่ม 10% สูงสุด 1,000',
      content:
        '<h2>โบนัสเติมเงินรายวัน</h2><p>ทุกยอดฝากรับ<b>เพิ่ม 10%</b> สูงสุด 1,000 ต่อวัน</p>' +
        '<ul><li>วันละครั้ง</li><li>เทิร์นโอเวอร์ 5 เท่าของโบนัส</li></ul>',
    },
    UR: {
      title: 'روزانہ ری لوڈ بونس 10 فیصد',
      summary: 'کسی بھی دن رقم جمع کریں اور 10 فیصد اضافی پائیں، 1,000 تک۔',
      content:
        '<h2>روزانہ ری لوڈ بونس</h2><p>ہر ڈپازٹ پر <b>10 فیصد اضافی</b>، روزانہ 1,000 تک۔</p>' +
        '<ul><li>دن میں ایک بار</li><li>بونس پر 5 گنا ٹرن اوور</li></ul>',
    },
  },
  REFERRAL: {
    EN: {
      title: 'Invite friends, earn 50 each',
      summary: 'Share your link: when a friend deposits, you both get a reward.',
      content:
        '<h2>Invite your friends</h2><p>Send your personal link to friends. When a friend makes a first deposit, you receive <b>50 credits</b> and your friend 20.</p>' +
        '<ul><li>No limit on the number of friends</li><li>Rewards are credited within 24 hours</li></ul>',
    },
    CN: {
      title: '邀请好友，每位奖励 50',
      summary: '分享你的链接：好友存款后，你们都能获得奖励。',
      content:
        '<h2>邀请好友</h2><p>把你的专属链接发给好友。好友完成首次存款后，你获得 <b>50 积分</b>，好友获得 20 积分。</p>' +
        '<ul><li>邀请人数不限</li><li>奖励在 24 小时内到账</li></ul>',
    },
    VI: {
      title: 'Mời bạn bè, nhận 50 cho mỗi người',
      summary: 'Chia sẻ liên kết của bạn: khi bạn bè nạp tiền, cả hai đều được thưởng.',
      content:
        '<h2>Mời bạn bè</h2><p>Gửi liên kết cá nhân cho bạn bè. Khi một người bạn nạp tiền lần đầu, bạn nhận <b>50 điểm</b> và bạn của bạn nhận 20.</p>' +
        '<ul><li>Không giới hạn số bạn bè</li><li>Phần thưởng được cộng trong vòng 24 giờ</li></ul>',
    },
    TH: {
      title: 'ชวนเพื่อน รับ 50 ต่อคน',
      summary: 'แชร์ลิงก์ของคุณ เมื่อเพื่อนฝากเงิน รับรางวัลทั้งคู่',
      content:
        '<h2>ชวนเพื่อนของคุณ</h2><p>ส่งลิงก์ส่วนตัวให้เพื่อน เมื่อเพื่อนฝากเงินครั้งแรก คุณรับ <b>50 เครดิต</b> และเพื่อนรับ 20</p>' +
        '<ul><li>ชวนเพื่อนได้ไม่จำกัด</li><li>รางวัลเข้าภายใน 24 ชั่วโมง</li></ul>',
    },
    UR: {
      title: 'دوستوں کو مدعو کریں، ہر ایک پر 50 کمائیں',
      summary: 'اپنا لنک شیئر کریں: جب کوئی دوست ڈپازٹ کرے تو آپ دونوں کو انعام ملے گا۔',
      content:
        '<h2>اپنے دوستوں کو مدعو کریں</h2><p>اپنا ذاتی لنک دوستوں کو بھیجیں۔ جب کوئی دوست پہلا ڈپازٹ کرے تو آپ کو <b>50 کریڈٹس</b> اور آپ کے دوست کو 20 ملیں گے۔</p>' +
        '<ul><li>دوستوں کی تعداد کی کوئی حد نہیں</li><li>انعامات 24 گھنٹوں کے اندر جمع ہو جاتے ہیں</li></ul>',
    },
  },
  UPGRADE_BONUS: {
    EN: {
      title: 'VIP upgrade bonus',
      summary: 'Reach a new VIP level and collect a bonus at every step.',
      content:
        '<h2>VIP upgrade bonus</h2><p>Every new VIP level pays a <b>one-time bonus</b>: 100 at VIP2, up to 5,000 at VIP5.</p>' +
        '<ul><li>Paid automatically on upgrade</li><li>1x turnover</li></ul>',
    },
    CN: {
      title: 'VIP 晋级奖金',
      summary: '每升一个 VIP 等级，都能领取一次奖金。',
      content:
        '<h2>VIP 晋级奖金</h2><p>每达到一个新的 VIP 等级，即可获得<b>一次性奖金</b>：VIP2 为 100，VIP5 最高 5,000。</p>' +
        '<ul><li>晋级后自动发放</li><li>1 倍流水</li></ul>',
    },
    VI: {
      title: 'Thưởng thăng hạng VIP',
      summary: 'Lên hạng VIP mới và nhận thưởng ở mỗi cấp.',
      content:
        '<h2>Thưởng thăng hạng VIP</h2><p>Mỗi hạng VIP mới trả một <b>khoản thưởng một lần</b>: 100 ở VIP2, tối đa 5.000 ở VIP5.</p>' +
        '<ul><li>Tự động trả khi thăng hạng</li><li>Cược 1 lần</li></ul>',
    },
    TH: {
      title: 'โบนัสเลื่อนขั้น VIP',
      summary: 'เลื่อนขั้น VIP ใหม่ รับโบนัสทุกขั้น',
      content:
        '<h2>โบนัสเลื่อนขั้น VIP</h2><p>ทุกระดับ VIP ใหม่จ่าย<b>โบนัสครั้งเดียว</b>: 100 ที่ VIP2 สูงสุด 5,000 ที่ VIP5</p>' +
        '<ul><li>จ่ายอัตโนมัติเมื่อเลื่อนขั้น</li><li>เทิร์นโอเวอร์ 1 เท่า</li></ul>',
    },
    UR: {
      title: 'VIP اپ گریڈ بونس',
      summary: 'نئے VIP لیول پر پہنچیں اور ہر قدم پر بونس حاصل کریں۔',
      content:
        '<h2>VIP اپ گریڈ بونس</h2><p>ہر نیا VIP لیول ایک <b>یک مشت بونس</b> دیتا ہے: VIP2 پر 100، VIP5 پر 5,000 تک۔</p>' +
        '<ul><li>اپ گریڈ پر خودکار ادائیگی</li><li>1 گنا ٹرن اوور</li></ul>',
    },
  },
  MISSION: {
    EN: {
      title: 'Daily missions',
      summary: 'Complete three missions a day for a mystery reward.',
      content:
        '<h2>Daily missions</h2><p>Log in, place 10 bets and win one round: complete all three and open a <b>mystery box</b>.</p>' +
        '<ul><li>New missions every day at 00:00</li><li>Rewards from 5 to 500 credits</li></ul>',
    },
    CN: {
      title: '每日任务',
      summary: '每天完成三个任务，赢取神秘奖励。',
      content:
        '<h2>每日任务</h2><p>登录、投注 10 次、赢一局：三个任务全部完成即可打开<b>神秘宝箱</b>。</p>' +
        '<ul><li>每天 00:00 更新任务</li><li>奖励 5 至 500 积分</li></ul>',
    },
    VI: {
      title: 'Nhiệm vụ hằng ngày',
      summary: 'Hoàn thành ba nhiệm vụ mỗi ngày để nhận phần thưởng bí ẩn.',
      content:
        '<h2>Nhiệm vụ hằng ngày</h2><p>Đăng nhập, đặt 10 cược và thắng một ván: hoàn thành cả ba để mở <b>hộp quà bí ẩn</b>.</p>' +
        '<ul><li>Nhiệm vụ mới mỗi ngày lúc 00:00</li><li>Phần thưởng từ 5 đến 500 điểm</li></ul>',
    },
    TH: {
      title: 'ภารกิจรายวัน',
      summary: 'ทำภารกิจให้ครบสามอย่างต่อวัน รับรางวัลลึกลับ',
      content:
        '<h2>ภารกิจรายวัน</h2><p>เข้าสู่ระบบ วางเดิมพัน 10 ครั้ง และชนะหนึ่งรอบ: ทำครบทั้งสามเพื่อเปิด<b>กล่องปริศนา</b></p>' +
        '<ul><li>ภารกิจใหม่ทุกวันเวลา 00:00</li><li>รางวัลตั้งแต่ 5 ถึง 500 เครดิต</li></ul>',
    },
    UR: {
      title: 'روزانہ مشنز',
      summary: 'روزانہ تین مشن مکمل کریں اور پراسرار انعام پائیں۔',
      content:
        '<h2>روزانہ مشنز</h2><p>لاگ ان کریں، 10 شرطیں لگائیں اور ایک راؤنڈ جیتیں: تینوں مکمل کریں اور ایک <b>پراسرار باکس</b> کھولیں۔</p>' +
        '<ul><li>ہر روز 00:00 بجے نئے مشنز</li><li>5 سے 500 کریڈٹس تک انعامات</li></ul>',
    },
  },
  APP_DOWNLOAD: {
    EN: {
      title: 'Get the app, get 10 credits',
      summary: 'Install our app and log in from it to claim 10 free credits.',
      content:
        '<h2>App download bonus</h2><p>Install the app, log in, and receive <b>10 free credits</b>.</p>' +
        '<ul><li>Once per player and device</li><li>Credits are valid for 3 days</li></ul>',
    },
    CN: {
      title: '下载 App，领 10 积分',
      summary: '安装我们的 App 并在 App 内登录，即可领取 10 免费积分。',
      content:
        '<h2>App 下载奖励</h2><p>安装 App 并登录，即可获得 <b>10 免费积分</b>。</p>' +
        '<ul><li>每位玩家每台设备限一次</li><li>积分有效期 3 天</li></ul>',
    },
    VI: {
      title: 'Tải ứng dụng, nhận 10 điểm',
      summary: 'Cài ứng dụng và đăng nhập từ đó để nhận 10 điểm miễn phí.',
      content:
        '<h2>Thưởng tải ứng dụng</h2><p>Cài ứng dụng, đăng nhập và nhận <b>10 điểm miễn phí</b>.</p>' +
        '<ul><li>Mỗi người chơi và thiết bị một lần</li><li>Điểm có hiệu lực trong 3 ngày</li></ul>',
    },
    TH: {
      title: 'โหลดแอป รับ 10 เครดิต',
      summary: 'ติดตั้งแอปของเราและเข้าสู่ระบบผ่านแอป รับฟรี 10 เครดิต',
      content:
        '<h2>โบนัสดาวน์โหลดแอป</h2><p>ติดตั้งแอป เข้าสู่ระบบ แล้วรับ <b>10 เครดิตฟรี</b></p>' +
        '<ul><li>หนึ่งครั้งต่อผู้เล่นและอุปกรณ์</li><li>เครดิตใช้ได้ 3 วัน</li></ul>',
    },
    UR: {
      title: 'ایپ حاصل کریں، 10 کریڈٹس پائیں',
      summary: 'ہماری ایپ انسٹال کریں اور اس سے لاگ ان کر کے 10 مفت کریڈٹس حاصل کریں۔',
      content:
        '<h2>ایپ ڈاؤن لوڈ بونس</h2><p>ایپ انسٹال کریں، لاگ ان کریں اور <b>10 مفت کریڈٹس</b> حاصل کریں۔</p>' +
        '<ul><li>ہر کھلاڑی اور ڈیوائس کے لیے ایک بار</li><li>کریڈٹس 3 دن تک کارآمد ہیں</li></ul>',
    },
  },
  LOGIN: {
    EN: {
      title: 'Daily login reward',
      summary: 'Log in every day for a growing reward.',
      content: '<h2>Daily login reward</h2><p>Seven days in a row earn you a <b>bonus spin</b>.</p>',
    },
    CN: {
      title: '每日登录奖励',
      summary: '每天登录，奖励越来越多。',
      content: '<h2>每日登录奖励</h2><p>连续登录七天，即可获得一次<b>奖励旋转</b>。</p>',
    },
    VI: {
      title: 'Thưởng đăng nhập hằng ngày',
      summary: 'Đăng nhập mỗi ngày để nhận phần thưởng tăng dần.',
      content: '<h2>Thưởng đăng nhập hằng ngày</h2><p>Đăng nhập bảy ngày liên tiếp để nhận một <b>lượt quay thưởng</b>.</p>',
    },
    TH: {
      title: 'รางวัลเข้าสู่ระบบรายวัน',
      summary: 'เข้าสู่ระบบทุกวัน รับรางวัลที่เพิ่มขึ้นเรื่อยๆ',
      content: '<h2>รางวัลเข้าสู่ระบบรายวัน</h2><p>เข้าสู่ระบบเจ็ดวันติดต่อกัน รับ<b>สปินโบนัส</b></p>',
    },
    UR: {
      title: 'روزانہ لاگ ان انعام',
      summary: 'ہر روز لاگ ان کریں اور بڑھتا ہوا انعام پائیں۔',
      content: '<h2>روزانہ لاگ ان انعام</h2><p>لگاتار سات دن لاگ ان کرنے پر آپ کو ایک <b>بونس اسپن</b> ملتا ہے۔</p>',
    },
  },
};
