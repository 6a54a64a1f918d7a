import Testing
@testable import Browser
