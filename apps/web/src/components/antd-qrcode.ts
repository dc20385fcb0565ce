// antd's QRCode (with its QR encoder) in a chunk of its own, for a page where the code is not the
// first thing read (the referral page's invite link): it downloads from the page's mount on.
export { QRCode } from 'antd';
