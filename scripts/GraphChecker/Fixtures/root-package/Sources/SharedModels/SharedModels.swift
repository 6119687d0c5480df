import Tagged

public typealias PlayerID = Tagged<Player, String>
public struct Player {}
