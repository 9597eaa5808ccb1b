// Each collection's extension registers itself on import; this file lists them.
import './campaign-email';
import './whatsapp-template';
import './campaign-whatsapp';
import './customer-segment';
import './email-template';
import './task';
import './product-gift';
import './conversation';
import './product';
import './pricing-rule';
