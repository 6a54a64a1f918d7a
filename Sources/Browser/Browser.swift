import Pager
import CSDL2
// Placeholder until the shell lands.
enum BrowserPlaceholder {}
