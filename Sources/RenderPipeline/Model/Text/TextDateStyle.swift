import Foundation

extension Text {
    /// How `Text(date, style:)` shows a date, as SwiftUI's `Text.DateStyle`.
    public enum DateStyle: Hashable, Sendable {
        /// The date alone, long form: "June 3, 2024".
        case date
        /// The time alone, short form: "9:41 AM".
        case time
        /// Date and time: "Jun 3, 2024 at 9:41 AM".
        case dateTime

        package func format(_ date: Date, locale: Locale, timeZone: TimeZone) -> String {
            var style: Date.FormatStyle = switch self {
            case .date: Date.FormatStyle(date: .long, time: .omitted)
            case .time: Date.FormatStyle(date: .omitted, time: .shortened)
            case .dateTime: Date.FormatStyle(date: .abbreviated, time: .shortened)
            }
            style.locale = locale
            style.timeZone = timeZone
            return style.format(date)
        }
    }
}
