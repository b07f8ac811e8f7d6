export type Group = 'bright' | 'sad' | 'calm' | 'epic';

// Four lines per group: verse then chorus. {a} and {b} take images from the description.
export const ZH: Record<Group, [string[], string[]]> = {
  bright: [
    ['{a}的风轻轻吹过', '我们笑着走在{b}里', '每一天都像新的开始', '心跳跟着节拍在跳舞'],
    ['啦啦啦 {a}在唱歌', '把快乐装满整个{b}', '牵着手一起飞向远方', '这一刻我们闪闪发光'],
  ],
  sad: [
    ['{a}落在空荡的街角', '你的背影慢慢走远', '{b}里藏着没说的话', '回忆一遍遍地重播'],
    ['如果{a}能够停留', '我会不会不再难过', '眼泪落进{b}的梦里', '说一声再见好好保重'],
  ],
  calm: [
    ['{a}安静地亮着', '时间慢慢地流过', '{b}轻轻把我包围', '闭上眼听见呼吸'],
    ['就这样慢慢地走', '让{a}陪着我', '所有的烦恼都放下', '在{b}里温柔入睡'],
  ],
  epic: [
    ['穿过{a}和黑夜', '脚下是漫长的路', '{b}在前方呼唤', '我从不曾停下脚步'],
    ['燃烧吧 我的梦想', '冲破{a}迎着光', '就算跌倒也要再站起来', '让{b}听见我的回响'],
  ],
};

export const TW: Record<Group, [string[], string[]]> = {
  bright: [
    ['{a}的風輕輕吹過', '我們笑著走在{b}裡', '每一天都像新的開始', '心跳跟著節拍在跳舞'],
    ['啦啦啦 {a}在唱歌', '把快樂裝滿整個{b}', '牽著手一起飛向遠方', '這一刻我們閃閃發光'],
  ],
  sad: [
    ['{a}落在空蕩的街角', '你的背影慢慢走遠', '{b}裡藏著沒說的話', '回憶一遍遍地重播'],
    ['如果{a}能夠停留', '我會不會不再難過', '眼淚落進{b}的夢裡', '說一聲再見好好保重'],
  ],
  calm: [
    ['{a}安靜地亮著', '時間慢慢地流過', '{b}輕輕把我包圍', '閉上眼聽見呼吸'],
    ['就這樣慢慢地走', '讓{a}陪著我', '所有的煩惱都放下', '在{b}裡溫柔入睡'],
  ],
  epic: [
    ['穿過{a}和黑夜', '腳下是漫長的路', '{b}在前方呼喚', '我從不曾停下腳步'],
    ['燃燒吧 我的夢想', '衝破{a}迎著光', '就算跌倒也要再站起來', '讓{b}聽見我的迴響'],
  ],
};

export const EN: Record<Group, [string[], string[]]> = {
  bright: [
    [
      'The {a} is calling out my name',
      'We are running through the {b}',
      'Every morning feels brand new',
      'My heart is dancing to the beat',
    ],
    [
      'Sing it loud beneath the {a}',
      'Fill the {b} with all our light',
      'Hand in hand we fly away',
      'Right now we are shining bright',
    ],
  ],
  sad: [
    [
      'The {a} falls on an empty street',
      'I watch you slowly walk away',
      'The {b} keeps the words unsaid',
      'Memories replay again',
    ],
    [
      'If the {a} could only stay',
      'Would this heart still feel the rain',
      'Tears are falling in the {b}',
      'So goodbye and take good care',
    ],
  ],
  calm: [
    [
      'The {a} is glowing soft and still',
      'Time goes drifting slowly by',
      'The {b} is wrapping me in blue',
      'Close my eyes and hear me breathe',
    ],
    [
      'Let us wander slow tonight',
      'Let the {a} stay by my side',
      'Leave the worries far behind',
      'Fall asleep inside the {b}',
    ],
  ],
  epic: [
    [
      'Through the {a} and through the night',
      'The road is long beneath my feet',
      'The {b} is calling from afar',
      'I will never stop my stride',
    ],
    [
      'Burn it up my dream of fire',
      'Break the {a} and face the light',
      'If I fall I rise again',
      'Let the {b} hear me roar',
    ],
  ],
};
