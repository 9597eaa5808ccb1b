// Each collection's extension registers itself on import; this file lists them.
import './campaign-email';
import './customer-segment';
import './email-template';
import './task';
import './product-gift';
import './conversation';
