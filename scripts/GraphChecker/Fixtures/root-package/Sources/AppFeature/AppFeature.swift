import ComposableArchitecture
import DailyChallengeFeature
import HomeFeature
import LeaderboardFeature
import Onboarding
import SettingsFeature
import SyncUI_macOS

public struct App {}
