public enum LinuxSupport {}
