// Each collection's extension registers itself on import; this file lists them.
import './campaign-email';
