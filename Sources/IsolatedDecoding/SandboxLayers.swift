import CSandbox

/// The layers of a decoder process's sandbox that the kernel put in force
/// (docs/SECURITY.md says what each stops). A layer the kernel refuses is
/// named once on stderr and decoding goes on under the others.
///
/// ```swift
/// let layers = SandboxLayers(rawValue: Int(FW_LAYER_SECCOMP | FW_LAYER_NO_NEW_PRIVS))
/// layers.missing.map(\.name)   // ["user namespace", "network namespace", …]
/// ```
public struct SandboxLayers: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let userNamespace = SandboxLayers(rawValue: Int(FW_LAYER_USER_NAMESPACE))
    public static let networkNamespace = SandboxLayers(rawValue: Int(FW_LAYER_NET_NAMESPACE))
    public static let mountNamespace = SandboxLayers(rawValue: Int(FW_LAYER_MOUNT_NAMESPACE))
    public static let ipcNamespace = SandboxLayers(rawValue: Int(FW_LAYER_IPC_NAMESPACE))
    public static let landlock = SandboxLayers(rawValue: Int(FW_LAYER_LANDLOCK))
    public static let noNewPrivileges = SandboxLayers(rawValue: Int(FW_LAYER_NO_NEW_PRIVS))
    public static let seccomp = SandboxLayers(rawValue: Int(FW_LAYER_SECCOMP))
    public static let memoryLimit = SandboxLayers(rawValue: Int(FW_LAYER_MEMORY_LIMIT))

    /// Every layer, in the order they are named.
    public static let all: [(layer: SandboxLayers, name: String)] = [
        (.seccomp, "seccomp filter"), (.noNewPrivileges, "no_new_privs"), (.landlock, "Landlock"),
        (.userNamespace, "user namespace"), (.networkNamespace, "network namespace"),
        (.mountNamespace, "mount namespace"), (.ipcNamespace, "IPC namespace"), (.memoryLimit, "memory limit"),
    ]

    /// The names of the layers in this set.
    public var names: [String] { Self.all.filter { contains($0.layer) }.map(\.name) }

    /// The names of the layers not in this set.
    public var missingNames: [String] { Self.all.filter { !contains($0.layer) }.map(\.name) }
}
