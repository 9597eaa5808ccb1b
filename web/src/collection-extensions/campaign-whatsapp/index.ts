import { registerCampaignChannel } from '../campaign-channel';
import { WhatsappSendPanel } from '../../campaigns/ui';

// campaign-whatsapp 'Enviar' (document 3 §2): the same confirmation as e-mail, the same send job.
registerCampaignChannel('campaign-whatsapp', { panels: [{ id: 'whatsapp-send', Component: WhatsappSendPanel }] });
