import Testing
@testable import Pager
