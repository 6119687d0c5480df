public enum Styleguide {}
